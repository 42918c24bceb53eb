/**
 * The deterministic generator of the demo catalogue: model `i` and designer `j` are pure functions of
 * their index and the real vocabulary, so 2,010 or 2,000,000 models come out the same every run.
 * The first 2,010 models are the real Thingi10K models; beyond that, variations of them.
 */
import { Random } from '@/lib/random';
import { slugify } from '@/lib/slug';
import { trendingScore } from '@/features/catalog/trending';
import { designerSkills } from '@/features/designers/server/schema';

import type { SourceModel } from '@/seed/catalog-source';

/** The fixed "today" of the demo catalogue, so dates are the same on every run. */
export const seedClock = new Date('2026-11-01T00:00:00Z');
const dayMs = 86_400_000;

export interface GeneratedDesigner {
  index: number;
  username: string;
  email: string;
  displayName: string;
  avatarSeed: number;
  rating: number;
  ratingCount: number;
  reputation: number;
  responseRatePermille: number;
  responseTimeMinutes: number;
  projectsDone: number;
  projectsInProgress: number;
  followers: number;
  software: string[];
  skills: string[];
  about: string;
  country: string;
  acceptsCustomRequests: boolean;
}

export interface GeneratedModel {
  id: number;
  slug: string;
  title: string;
  description: string;
  designerIndex: number;
  /** Product type and category path, e.g. 'print/art/sculptures'. */
  treePath: string;
  priceCents: number;
  saleDiscountCents: number;
  saleEndsAt: Date | null;
  formats: string[];
  features: string[];
  polyCount: number | null;
  vertexCount: number | null;
  licence: SourceModel['licence'];
  badges: string[];
  cgtStandardVerified: boolean;
  walletEligible: boolean;
  reviewStatus: 'not_reviewed' | 'reviewed';
  reviewScore: number | null;
  tags: string[];
  likes: number;
  views: number;
  sales: number;
  ratingAverage: number;
  ratingCount: number;
  trendingScore: number;
  publishedAt: Date;
  pictureVariant: number;
}

const software = [
  'Blender',
  '3ds Max',
  'Maya',
  'ZBrush',
  'Cinema 4D',
  'Fusion 360',
  'SolidWorks',
  'Substance Painter',
  'Houdini',
  'SketchUp',
  'Rhino',
  'OpenSCAD',
  'Tinkercad',
  'Marvelous Designer',
];
const countries = ['DE', 'US', 'FR', 'ES', 'BR', 'PL', 'JP', 'CN', 'UA', 'IT', 'GB', 'NL', 'CA', 'LT', 'IN'];
const priceLadder = [
  199, 299, 499, 500, 750, 999, 1200, 1500, 1999, 2499, 2900, 3900, 4900, 5900, 7900, 9900, 14900, 19900,
];
const saleSteps = [10, 15, 20, 25, 30, 40, 50];
const modelFormats = [
  'fbx',
  'obj',
  'max',
  'blend',
  'c4d',
  'ma',
  'gltf',
  'glb',
  '3ds',
  'usdz',
  'unitypackage',
  'uasset',
];
const printFormats = ['stl', '3mf', 'obj', 'step'];
const modelFeatures = ['pbr', 'rigged', 'low_poly', 'animated', 'uv_mapped'];
const variantWords = [
  'Low-poly',
  'Stylized',
  'Realistic',
  'Mini',
  'Detailed',
  'Modular',
  'Articulated',
  'Hollow',
  'Parametric',
  'Compact',
  'Classic',
  'Rugged',
  'Vintage',
  'Giant',
  'Customizable',
  'Simple',
];

export function designerCountFor(modelCount: number, authorCount: number): number {
  return Math.max(Math.min(authorCount, modelCount), Math.ceil(modelCount / 100));
}

/** Usernames from the real authors, made URL-safe and unique (case-insensitively). */
export function designerUsernames(authors: string[], count: number): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const author = authors[i % authors.length]!;
    let base = author.replace(/[^A-Za-z0-9_.-]+/g, '').slice(0, 32);
    if (base.length < 2) base = `designer${i}`;
    let name = i < authors.length ? base : `${base}_${Math.floor(i / authors.length)}`;
    while (seen.has(name.toLowerCase())) name = `${base}_${i}`;
    seen.add(name.toLowerCase());
    names.push(name);
  }
  return names;
}

export function generateDesigner(index: number, username: string): GeneratedDesigner {
  const r = new Random(0x5eed0000 + index);
  const ratingCount = r.logInt(1, 400);
  return {
    index,
    username,
    email: `${username.toLowerCase()}@designers.example.com`,
    displayName: username,
    avatarSeed: index % 48,
    rating: Math.round((3.6 + r.next() * 1.4) * 10) / 10,
    ratingCount,
    reputation: r.logInt(10, 25_000),
    responseRatePermille: r.int(600, 1000),
    responseTimeMinutes: r.logInt(15, 2880),
    projectsDone: r.logInt(1, 300) - 1,
    projectsInProgress: r.int(0, 4),
    followers: r.logInt(1, 12_000) - 1,
    software: r.sample(software, r.int(1, 4)),
    skills: r.sample(designerSkills, r.int(2, 6)),
    about: `${username} designs 3D models and print-ready parts. Commissions welcome.`,
    country: r.pick(countries),
    acceptsCustomRequests: r.chance(0.8),
  };
}

/** Which real model model `i` is based on: itself for the first 2,010, else a bias towards 3D models. */
function baseIndex(i: number, r: Random, sources: SourceIndex): number {
  if (i < sources.all.length) return i;
  const pool = r.chance(0.6) ? sources.models : sources.print;
  return pool[Math.floor(r.next() * pool.length)]!;
}

export interface SourceIndex {
  all: Array<SourceModel & { treePath: string }>;
  /** Indexes into `all` of the models mapped to 3D models and to print models. */
  models: number[];
  print: number[];
  vocabulary: string[];
}

export function generateModel(
  i: number,
  sources: SourceIndex,
  designerTotal: number,
  authorIndex: Map<string, number>,
): GeneratedModel {
  const r = new Random(0x3d000000 + i);
  const base = sources.all[baseIndex(i, r, sources)]!;
  const id = i + 1;
  const isPrint = base.treePath.startsWith('print/');
  const title =
    i < sources.all.length ? base.name || `Model ${id}` : `${r.pick(variantWords)} ${base.name}`.trim();
  const tags =
    i < sources.all.length
      ? base.tags
      : [...new Set([...base.tags, ...r.sample(sources.vocabulary, r.int(0, 2))])];
  const designerIndex =
    i < sources.all.length
      ? (authorIndex.get(base.author) ?? 0) % designerTotal
      : r.int(0, designerTotal - 1);

  const free = r.chance(0.12);
  const priceCents = free ? 0 : r.pick(priceLadder);
  const onSale = !free && r.chance(0.2);
  // Rounded down: a sale never takes more than its stated share (at most 50 %).
  const saleDiscountCents = onSale ? Math.floor((priceCents * r.pick(saleSteps)) / 100) : 0;
  const ageDays = r.logInt(1, 1500) - 1;
  const publishedAt = new Date(seedClock.getTime() - ageDays * dayMs - r.int(0, dayMs - 1));
  const views = r.logInt(20, 250_000);
  const likes = Math.round(views * (0.01 + r.next() * 0.06));
  const sales = free ? 0 : Math.round(views * r.next() * 0.012);
  const ratingCount = r.chance(0.6) ? r.logInt(1, 300) : 0;
  const ratingAverage = ratingCount ? Math.round((3.2 + r.next() * 1.8) * 100) / 100 : 0;
  const reviewed = r.chance(0.35);
  const reviewScore = reviewed ? r.int(60, 100) : null;
  const formats = isPrint
    ? ['stl', ...r.sample(printFormats.slice(1), r.int(0, 2))]
    : r.sample(modelFormats, r.int(2, 5));
  const badges: string[] = [];
  if (!free && r.chance(0.1)) badges.push('bestPriceGuaranteed');
  if (ageDays < 30) badges.push('new');
  if (sales > 800) badges.push('topSelling');
  if (reviewed && (reviewScore ?? 0) >= 80) badges.push('qualityVerified');
  if (ratingCount >= 5 && ratingAverage >= 4.7) badges.push('topRated');
  if (r.chance(0.02)) badges.push('aiGenerated');
  if (r.chance(0.03)) badges.push('designerPick');
  if (isPrint && r.chance(0.3)) badges.push('threeDPrintVerified');
  const polyCount = isPrint ? r.logInt(5_000, 1_500_000) : r.logInt(300, 2_000_000);
  const category = base.treePath.split('/').slice(1).join(' / ').replace(/-/g, ' ');
  const description =
    `${title} – a ${isPrint ? 'print-ready 3D model' : '3D model'} in ${category}` +
    `${tags.length ? `, tagged ${tags.slice(0, 5).join(', ')}` : ''}. ` +
    `${isPrint ? 'Supplied as ' : 'Files: '}${formats.map((f) => f.toUpperCase()).join(', ')}.`;
  return {
    id,
    slug: `${slugify(title, 70)}-${id}`,
    title,
    description,
    designerIndex,
    treePath: base.treePath,
    priceCents,
    saleDiscountCents,
    saleEndsAt: onSale ? new Date(seedClock.getTime() + r.int(2, 60) * dayMs) : null,
    formats,
    features: isPrint ? [] : r.sample(modelFeatures, r.int(0, 3)),
    polyCount,
    vertexCount: Math.round(polyCount * (0.5 + r.next() * 0.1)),
    licence: base.licence,
    badges,
    cgtStandardVerified: reviewed && formats.some((f) => f === 'fbx' || f === 'stl'),
    walletEligible: !free && r.chance(0.4),
    reviewStatus: reviewed ? 'reviewed' : 'not_reviewed',
    reviewScore,
    tags,
    likes,
    views,
    sales,
    ratingAverage,
    ratingCount,
    trendingScore: trendingScore({ views, likes, sales, ratingAverage, ratingCount, ageDays }),
    publishedAt,
    pictureVariant: r.int(0, 7),
  };
}
