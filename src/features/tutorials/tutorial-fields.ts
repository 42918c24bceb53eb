/**
 * The rules of a tutorial's fields (issue 25, decision 0045), shared by the form in the browser and the
 * server: title, Markdown body, software tags from a fixed list and a skill level.
 */
import { designerSoftware } from '@/features/designers/api';

/** The designers' software list and the slicers print tutorials are about. */
export const tutorialSoftware = [
  ...designerSoftware,
  'PrusaSlicer',
  'Cura',
  'Bambu Studio',
  'Lychee Slicer',
] as const;
export type TutorialSoftware = (typeof tutorialSoftware)[number];

export const skillLevels = ['beginner', 'intermediate', 'advanced'] as const;
export type SkillLevel = (typeof skillLevels)[number];

export const tutorialTitleLength = { min: 5, max: 120 } as const;
export const tutorialBodyMaxLength = 40_000;
export const maxSoftwareTags = 5;
export const commentMaxLength = 4_000;

/** The software's query value: `3ds Max` → `3ds-max`. */
export function softwareSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const softwareBySlug = new Map<string, TutorialSoftware>(
  tutorialSoftware.map((name) => [softwareSlug(name), name]),
);

export function softwareOfSlug(slug: string): TutorialSoftware | null {
  return softwareBySlug.get(slug) ?? null;
}

export const isTutorialSoftware = (value: string): value is TutorialSoftware =>
  (tutorialSoftware as readonly string[]).includes(value);

export const isSkillLevel = (value: unknown): value is SkillLevel =>
  typeof value === 'string' && (skillLevels as readonly string[]).includes(value);

export type TutorialField = 'title' | 'body' | 'software' | 'skillLevel';
export type TutorialFieldError =
  | 'required'
  | 'title_short'
  | 'title_long'
  | 'body_long'
  | 'software_required'
  | 'software_too_many'
  | 'invalid_choice';
export type TutorialFieldErrors = Partial<Record<TutorialField, TutorialFieldError>>;

export interface TutorialInput {
  title: string;
  body: string;
  software: TutorialSoftware[];
  skillLevel: SkillLevel;
}

const stringOf = (value: unknown) => (typeof value === 'string' ? value : '');

/** Checks and normalizes the form's values (software kept in the list's order, each once). */
export function validateTutorial(
  raw: unknown,
): { ok: true; value: TutorialInput } | { ok: false; fieldErrors: TutorialFieldErrors } {
  const input = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const errors: TutorialFieldErrors = {};
  const title = stringOf(input.title).replace(/\s+/g, ' ').trim();
  if (title === '') errors.title = 'required';
  else if ([...title].length < tutorialTitleLength.min) errors.title = 'title_short';
  else if ([...title].length > tutorialTitleLength.max) errors.title = 'title_long';
  const body = stringOf(input.body).replace(/\r\n?/g, '\n').trim();
  if (body.length > tutorialBodyMaxLength) errors.body = 'body_long';
  const software = Array.isArray(input.software) ? input.software.map(stringOf) : [];
  if (software.some((name) => !isTutorialSoftware(name))) errors.software = 'invalid_choice';
  else if (new Set(software).size > maxSoftwareTags) errors.software = 'software_too_many';
  if (!isSkillLevel(input.skillLevel)) errors.skillLevel = 'invalid_choice';
  if (Object.keys(errors).length > 0) return { ok: false, fieldErrors: errors };
  return {
    ok: true,
    value: {
      title,
      body,
      software: tutorialSoftware.filter((name) => software.includes(name)),
      skillLevel: input.skillLevel as SkillLevel,
    },
  };
}

export type PublishRefusal = 'cover_required' | 'body_required' | 'software_required';

/** What a draft still lacks before it can be published (none: it can). */
export function publishRefusal(tutorial: {
  coverKey: string | null;
  body: string;
  software: readonly string[];
}): PublishRefusal | null {
  if (tutorial.coverKey === null) return 'cover_required';
  if (tutorial.body.trim().length === 0) return 'body_required';
  if (tutorial.software.length === 0) return 'software_required';
  return null;
}

/** `12-clean-quad-topology`: the tutorial's URL segment, its id first (the words are for readers). */
export function tutorialSegment(id: number, title: string): string {
  const words = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return words ? `${id}-${words}` : String(id);
}

/** The id in a tutorial's URL segment, or null when it does not start with a usable one. */
export function tutorialIdOf(segment: string): number | null {
  const match = /^([1-9][0-9]{0,9})(?:-[^/]*)?$/.exec(segment);
  if (!match) return null;
  const id = Number(match[1]);
  return id <= 2_147_483_647 ? id : null;
}

/** A comment's text: trimmed, not empty, at most `commentMaxLength` characters. */
export function validateComment(
  raw: unknown,
): { ok: true; body: string } | { ok: false; error: 'required' | 'comment_long' } {
  const body = stringOf((raw as { body?: unknown } | null)?.body)
    .replace(/\r\n?/g, '\n')
    .trim();
  if (body === '') return { ok: false, error: 'required' };
  if (body.length > commentMaxLength) return { ok: false, error: 'comment_long' };
  return { ok: true, body };
}
