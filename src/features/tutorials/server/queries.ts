/** What the tutorial pages and the JSON API read: cards, one tutorial with its HTML, its comments. */
import { getPathname } from '@/i18n/navigation';
import { routing, type Locale } from '@/i18n/routing';
import { userPictureSrcSet, userPictureUrl } from '@/server/images/user-pictures';
import { renderUserMarkdown } from '@/server/text/user-markdown';

import { softwareSlug, tutorialSegment, type SkillLevel } from '../tutorial-fields';
import type { TutorialStatus } from '../tutorial-lifecycle';
import { tutorialsPerPage, type TutorialFilters } from '../tutorial-listing';
import {
  countBySoftware,
  findTutorial,
  hasLiked,
  listComments,
  listTutorials,
  type TutorialWithAuthor,
} from './repository';

export interface TutorialCover {
  src: string;
  srcSet: string;
  width: number;
  height: number;
}

export interface TutorialAuthor {
  username: string;
  name: string;
}

export interface TutorialCard {
  id: number;
  /** The URL segment, `{id}-{words}`. */
  segment: string;
  title: string;
  excerpt: string;
  cover: TutorialCover | null;
  software: string[];
  skillLevel: SkillLevel;
  status: TutorialStatus;
  likes: number;
  comments: number;
  publishedAt: string | null;
  updatedAt: string;
  author: TutorialAuthor;
}

export interface TutorialPage extends TutorialCard {
  designerId: number;
  body: string;
  html: string;
  likedByViewer: boolean;
  ownedByViewer: boolean;
}

export interface TutorialComment {
  id: number;
  html: string;
  createdAt: string;
  author: TutorialAuthor & { id: number };
}

type StaticPathname = Exclude<keyof typeof routing.pathnames, `${string}[${string}`>;
const staticPathnames = new Set<string>(Object.keys(routing.pathnames).filter((p) => !p.includes('[')));

/** `/3d-models#x` in a tutorial becomes the page's localized URL (as the content pages do). */
function localizeLink(locale: Locale) {
  return (href: string) => {
    const [pathname = '/', hash] = href.split('#');
    if (!staticPathnames.has(pathname)) return href;
    const localized = getPathname({ locale, href: pathname as StaticPathname });
    return hash ? `${localized}#${hash}` : localized;
  };
}

/** The first words of the body as plain text (pictures and Markdown marks left out). */
export function excerptOf(body: string, length = 180): string {
  const text = body
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#>*_`~|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if ([...text].length <= length) return text;
  const cut = [...text].slice(0, length).join('');
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), length * 0.6)).trimEnd()}…`;
}

const authorOf = (row: TutorialWithAuthor['author']): TutorialAuthor => ({
  username: row.username,
  name: row.displayName?.trim() || row.username,
});

export function coverOf(row: {
  coverKey: string | null;
  coverWidth: number | null;
  coverHeight: number | null;
}) {
  if (!row.coverKey) return null;
  return {
    src: userPictureUrl(row.coverKey, 720),
    srcSet: userPictureSrcSet(row.coverKey),
    width: row.coverWidth ?? 1440,
    height: row.coverHeight ?? 810,
  };
}

function cardOf(row: TutorialWithAuthor): TutorialCard {
  return {
    id: row.id,
    segment: tutorialSegment(row.id, row.title),
    title: row.title,
    excerpt: excerptOf(row.body),
    cover: coverOf(row),
    software: row.software,
    skillLevel: row.skillLevel,
    status: row.status,
    likes: row.likes,
    comments: row.comments,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    author: authorOf(row.author),
  };
}

export interface TutorialIndex {
  items: TutorialCard[];
  total: number;
  page: number;
  pageCount: number;
  /** Published tutorials per software name. */
  softwareCounts: Record<string, number>;
}

/** A page of the `/tutorials` index. */
export async function getTutorialIndex(filters: TutorialFilters): Promise<TutorialIndex> {
  const [{ items, total }, counts] = await Promise.all([
    listTutorials(filters, { limit: tutorialsPerPage, offset: (filters.page - 1) * tutorialsPerPage }),
    countBySoftware(),
  ]);
  return {
    items: items.map(cardOf),
    total,
    page: filters.page,
    pageCount: Math.max(1, Math.ceil(total / tutorialsPerPage)),
    softwareCounts: Object.fromEntries(counts),
  };
}

/** A designer's tutorials for the profile tab: published ones, and the drafts too when they look. */
export async function getDesignerTutorialCards(
  designerId: number,
  viewerId: number | null,
): Promise<TutorialCard[]> {
  const { items } = await listTutorials(
    { software: [], skills: [], sort: 'newest', designerId },
    { limit: 100, offset: 0 },
    viewerId === designerId,
  );
  return items.map(cardOf);
}

/**
 * A tutorial as its page shows it, or null: none, or a draft someone other than its author asks for
 * (another's draft does not exist for them).
 */
export async function getTutorialPage(
  id: number,
  viewerId: number | null,
  locale: Locale,
): Promise<TutorialPage | null> {
  const row = await findTutorial(id);
  if (!row) return null;
  const owned = viewerId === row.designerId;
  if (row.status !== 'published' && !owned) return null;
  return {
    ...cardOf(row),
    designerId: row.designerId,
    body: row.body,
    html: renderUserMarkdown(row.body, { localizeLink: localizeLink(locale) }),
    likedByViewer: viewerId !== null && (await hasLiked(viewerId, row.id)),
    ownedByViewer: owned,
  };
}

export const commentsPerPage = 30;

export async function getTutorialComments(
  tutorialId: number,
  page: number,
  locale: Locale,
): Promise<TutorialComment[]> {
  const rows = await listComments(tutorialId, {
    limit: commentsPerPage,
    offset: (page - 1) * commentsPerPage,
  });
  return rows.map((row) => ({
    id: row.id,
    html: renderUserMarkdown(row.body, { localizeLink: localizeLink(locale) }),
    createdAt: row.createdAt.toISOString(),
    author: { id: row.author.id, ...authorOf(row.author) },
  }));
}

/** The JSON API's form of a card: software as names and query values. */
export function cardJson(card: TutorialCard) {
  return {
    id: card.id,
    segment: card.segment,
    title: card.title,
    excerpt: card.excerpt,
    cover: card.cover,
    software: card.software.map((name) => ({ name, slug: softwareSlug(name) })),
    skillLevel: card.skillLevel,
    status: card.status,
    likes: card.likes,
    comments: card.comments,
    publishedAt: card.publishedAt,
    updatedAt: card.updatedAt,
    author: card.author,
  };
}
