/**
 * What the home page shows that is not in the database: pictures, English-only trending buttons,
 * grid layouts, testimonials and logos. Texts live in messages/ (home namespace); figures in lib/site.
 */
export const heroImages = {
  desktop: { src: '/images/home/hero-desktop.webp', width: 1920, height: 560 },
  desktopSmall: { src: '/images/home/hero-desktop-small.webp', width: 1600, height: 520 },
  tablet: { src: '/images/home/hero-tablet.webp', width: 1280, height: 520 },
  mobile: { src: '/images/home/hero-mobile.webp', width: 750, height: 640 },
} as const;

/** Spec §9 hero breakpoints: desktop from 1600 px, desktopSmall from 960, tablet from 640, else mobile. */
export const heroBreakpoints = { desktop: 1600, desktopSmall: 960, tablet: 640 } as const;

/** The hero artwork's credit links to this designer's profile (hidden if the catalogue lacks them). */
export const heroArtistUsername = 'BrianEnigma';

/** Spec §1: trending searches under the hero, in English only (label + search keywords). */
export const heroTrendingSearches = ['chess set', 'low poly tree', 'phone stand', 'dragon', 'vase'] as const;

/** Spec §2 asset collections: trending keyword buttons (English only) per collection type. */
export const collectionTrendingKeywords = {
  'asset-category': ['car', 'character', 'house', 'furniture', 'weapon'],
  'print-models-3d': ['miniature', 'cable organizer', 'planter', 'cosplay', 'tool holder'],
} as const;

export type CollectionType = keyof typeof collectionTrendingKeywords;
export type GridSize = 'default' | 'wide' | 'tall';

/** Spec §9 grid layout: asset categories item 0 wide and 3 tall; print models item 1 tall and 5 wide. */
export const collectionGridLayouts: Record<CollectionType, { index: number; size: GridSize }[]> = {
  'asset-category': [
    { index: 0, size: 'wide' },
    { index: 3, size: 'tall' },
  ],
  'print-models-3d': [
    { index: 1, size: 'tall' },
    { index: 5, size: 'wide' },
  ],
};

/** Spec §9: an asset collection shows 10 categories before its toggle. */
export const collectionShownCount = 10;

/** Spec §9: the trending carousel asks for 8 models; the featured designer shows at most 3. */
export const trendingCount = 8;

/** "Browse by type": categories by their icon key (spec §3 icon keys), in this order. */
export const browseTypes = ['aircraft', 'animal', 'car', 'character', 'furniture', 'vehicle'] as const;

/** "Browse by format": spec §3 icon keys with the listing filter each one applies. */
export const browseFormats = [
  { icon: 'blender', name: 'Blender', extensions: ['.blend'], query: { 'file_types[]': ['blend'] } },
  { icon: 'obj', name: 'OBJ', extensions: ['.obj'], query: { 'file_types[]': ['obj'] } },
  { icon: 'gltf', name: 'glTF', extensions: ['.gltf', '.glb'], query: { 'file_types[]': ['gltf', 'glb'] } },
  {
    icon: 'unity-3d',
    name: 'Unity',
    extensions: ['.unitypackage'],
    query: { 'file_types[]': ['unitypackage'] },
  },
  {
    icon: 'unrealengine',
    name: 'Unreal Engine',
    extensions: ['.uasset'],
    query: { 'file_types[]': ['uasset'] },
  },
  { icon: 'pbr', name: 'PBR', extensions: [], query: { 'features[]': ['pbr'] } },
  { icon: 'rigged', name: 'Rigged', extensions: [], query: { 'features[]': ['rigged'] } },
  { icon: 'low_poly', name: 'Low poly', extensions: [], query: { 'features[]': ['low_poly'] } },
] as const;

/** Spec §1: testimonials from four companies (quotes and authors are translated in messages). */
export const testimonials = [
  { slug: 'fjordlight-games', logo: '/images/home/testimonial-01.svg', imageHeight: 48 },
  { slug: 'atelier-brun', logo: '/images/home/testimonial-02.svg', imageHeight: 48 },
  { slug: 'casa-nova-living', logo: '/images/home/testimonial-03.svg', imageHeight: 48 },
  { slug: 'kumo-industrial', logo: '/images/home/testimonial-04.svg', imageHeight: 48 },
] as const;

/** Spec §1/§9: the trusted-brand strip, 11 logos of 100×48. */
export const brandLogos = [
  'Polyfacet',
  'Nordvik Studio',
  'Lumatic',
  'Arcwell',
  'Quadrant Games',
  'Vertexa',
  'Helio Print',
  'Brickline',
  'Orbit AR',
  'Kinetic Labs',
  'Marlow & Co',
].map((name, i) => ({ name, src: `/images/home/brand-${String(i + 1).padStart(2, '0')}.svg` }));

export const promoBannerImages = {
  desktop: { src: '/images/home/promo-desktop.webp', width: 1600, height: 280 },
  tablet: { src: '/images/home/promo-tablet.webp', width: 1200, height: 280 },
  mobile: { src: '/images/home/promo-mobile.webp', width: 750, height: 360 },
} as const;

/** Spec §3 "Image breakpoints": desktop from 1440, tablet from 768, mobile from 0. */
export const imageBreakpoints = { desktop: 1440, tablet: 768 } as const;

/**
 * Spec §3 "Experiment event": experiments running on the home page and the variation this build
 * serves (null: not running, nothing is pushed).
 */
export const homeExperiments: { id: string; variation: boolean | null }[] = [
  { id: 'home_trending_carousel', variation: true },
];

/** The file-type groups and features whose counts the "browse by format" cards show. */
export const browseFormatFacets = {
  formatGroups: browseFormats.flatMap((f) => ('file_types[]' in f.query ? [f.query['file_types[]']] : [])),
  features: browseFormats.flatMap((f) => ('features[]' in f.query ? f.query['features[]'] : [])),
};

/** The counts in `browseFormats` order, from the facet counts of `browseFormatFacets`. */
export function browseFormatCounts(counts: { formatGroups: number[]; features: number[] }): number[] {
  let group = 0;
  let feature = 0;
  return browseFormats.map((f) =>
    'file_types[]' in f.query ? (counts.formatGroups[group++] ?? 0) : (counts.features[feature++] ?? 0),
  );
}
