/**
 * The jobs board's projects (decision 0023): the posting form's rules (checked in the browser before
 * sending and, authoritatively, on the server), the board's query string, and the DTOs pages read.
 */
import { z } from 'zod';

import { designerSkills, isDesignerSkill, type DesignerSkill } from '@/features/designers/api';
import type { ProjectStatus } from './freelance-lifecycle';
import { parsePriceCents } from '@/lib/money';

export const projectTitleLength = { min: 5, max: 100 } as const;
export const projectDescriptionMaxLength = 5000;
/** $10: the smallest budget a project may have. */
export const minBudgetCents = 1_000;
/** $100,000: the largest budget a project may have. */
export const maxBudgetCents = 10_000_000;
/** The deadline is at least this many days after today, and at most `maxDeadlineDays`. */
export const minDeadlineDays = 1;
export const maxDeadlineDays = 365;
export const maxSoftwareEntries = 10;
export const maxSoftwareLength = 40;
export const maxReferenceLinks = 10;
export const maxReferenceLinkLength = 2000;
export const maxReferenceImages = 8;

/** File formats an owner can ask for (the common exchange, print, DCC and CAD formats). */
export const projectFileFormats = [
  'stl',
  'obj',
  'fbx',
  'glb',
  'gltf',
  'blend',
  'max',
  'ma',
  'c4d',
  'usdz',
  '3mf',
  'step',
  'iges',
  'dae',
  '3ds',
  'ply',
] as const;
export type ProjectFileFormat = (typeof projectFileFormats)[number];

export const projectSkills = designerSkills;

export const projectFields = [
  'title',
  'description',
  'budget',
  'deadline',
  'software',
  'skills',
  'fileFormats',
  'referenceLinks',
] as const;
export type ProjectField = (typeof projectFields)[number];
export type ProjectFieldError =
  | 'required'
  | 'title_length'
  | 'description_long'
  | 'budget_format'
  | 'budget_range'
  | 'deadline_format'
  | 'deadline_range'
  | 'software_count'
  | 'software_length'
  | 'skills_required'
  | 'invalid_choice'
  | 'links_count'
  | 'link_invalid';
export type ProjectFieldErrors = Partial<Record<ProjectField, ProjectFieldError>>;

export interface ProjectDetails {
  title: string;
  description: string;
  budgetCents: number;
  /** The end of the deadline day (23:59:59.999 UTC). */
  deadline: Date;
  software: string[];
  skills: DesignerSkill[];
  fileFormats: ProjectFileFormat[];
  referenceLinks: string[];
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const list = (value: unknown): string[] =>
  Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? v : String(v))) : [];

/** Software typed comma-separated (or a list): trimmed, spaces collapsed, each once (case-insensitive). */
export function parseSoftware(value: unknown): string[] {
  const entries = Array.isArray(value) ? list(value) : text(value).split(',');
  const seen = new Set<string>();
  const result: string[] = [];
  for (const entry of entries) {
    const clean = entry.trim().replace(/\s+/g, ' ');
    if (clean === '' || seen.has(clean.toLowerCase())) continue;
    seen.add(clean.toLowerCase());
    result.push(clean);
  }
  return result;
}

/** Links typed one per line (or a list): trimmed, blank lines dropped, each once. */
export function parseReferenceLinks(value: unknown): string[] {
  const entries = Array.isArray(value) ? list(value) : text(value).split(/\r?\n/);
  return [...new Set(entries.map((l) => l.trim()).filter(Boolean))];
}

export function isHttpUrl(value: string): boolean {
  if (value.length > maxReferenceLinkLength || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

const dayMs = 86_400_000;
const utcDay = (date: Date) => Math.floor(date.getTime() / dayMs);

/** 'YYYY-MM-DD' (a real calendar date) as that day's last millisecond in UTC, else null. */
export function parseDeadlineDate(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const start = Date.UTC(year, month - 1, day);
  const date = new Date(start);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return new Date(start + dayMs - 1);
}

/** The earliest and latest deadline days allowed on `now`'s day, as 'YYYY-MM-DD' (UTC). */
export function deadlineBounds(now: Date): { min: string; max: string } {
  const day = utcDay(now);
  const iso = (d: number) => new Date(d * dayMs).toISOString().slice(0, 10);
  return { min: iso(day + minDeadlineDays), max: iso(day + maxDeadlineDays) };
}

/** A deadline date is allowed when it lies 1 to 365 days after `now`'s day (UTC). */
export function deadlineInRange(deadline: Date, now: Date): boolean {
  const days = utcDay(deadline) - utcDay(now);
  return days >= minDeadlineDays && days <= maxDeadlineDays;
}

/** A budget typed like '150' or '150.50': cents within the limits, or why not. */
export function checkBudget(
  value: string,
): { ok: true; cents: number } | { ok: false; error: ProjectFieldError } {
  if (value === '') return { ok: false, error: 'required' };
  const cents = parsePriceCents(value);
  if (cents === null) return { ok: false, error: 'budget_format' };
  if (cents < minBudgetCents || cents > maxBudgetCents) return { ok: false, error: 'budget_range' };
  return { ok: true, cents };
}

/**
 * Checks the posting form. `now` is the clock for the deadline rule. Returns the clean details, or an
 * error key per field (the form translates them).
 */
export function validateProject(
  input: Record<string, unknown>,
  now: Date,
): { ok: true; value: ProjectDetails } | { ok: false; fieldErrors: ProjectFieldErrors } {
  const errors: ProjectFieldErrors = {};
  const title = text(input.title).replace(/\s+/g, ' ');
  if (title === '') errors.title = 'required';
  else if ([...title].length < projectTitleLength.min || [...title].length > projectTitleLength.max)
    errors.title = 'title_length';
  const description = text(input.description).replaceAll('\r\n', '\n');
  if (description === '') errors.description = 'required';
  else if (description.length > projectDescriptionMaxLength) errors.description = 'description_long';
  const budget = checkBudget(text(input.budget));
  if (!budget.ok) errors.budget = budget.error;
  const deadlineText = text(input.deadline);
  const deadline = deadlineText === '' ? null : parseDeadlineDate(deadlineText);
  if (deadlineText === '') errors.deadline = 'required';
  else if (!deadline) errors.deadline = 'deadline_format';
  else if (!deadlineInRange(deadline, now)) errors.deadline = 'deadline_range';
  const software = parseSoftware(input.software);
  if (software.length > maxSoftwareEntries) errors.software = 'software_count';
  else if (software.some((s) => s.length > maxSoftwareLength)) errors.software = 'software_length';
  const skillsList = [...new Set(list(input.skills))];
  if (skillsList.length === 0) errors.skills = 'skills_required';
  else if (!skillsList.every(isDesignerSkill)) errors.skills = 'invalid_choice';
  const formats = [...new Set(list(input.fileFormats))];
  if (!formats.every((f) => (projectFileFormats as readonly string[]).includes(f)))
    errors.fileFormats = 'invalid_choice';
  const links = parseReferenceLinks(input.referenceLinks);
  if (links.length > maxReferenceLinks) errors.referenceLinks = 'links_count';
  else if (!links.every(isHttpUrl)) errors.referenceLinks = 'link_invalid';
  if (Object.keys(errors).length > 0) return { ok: false, fieldErrors: errors };
  return {
    ok: true,
    value: {
      title,
      description,
      budgetCents: (budget as { cents: number }).cents,
      deadline: deadline!,
      software,
      // Kept in the spec's order, whatever order the boxes were sent in.
      skills: designerSkills.filter((s) => skillsList.includes(s)),
      fileFormats: projectFileFormats.filter((f) => formats.includes(f)),
      referenceLinks: links,
    },
  };
}

/* ---------- The board's query string ---------- */

export const boardPageSize = 20;
export const boardSorts = ['newest', 'budget', 'applicants'] as const;
export type BoardSort = (typeof boardSorts)[number];
/** Public statuses a visitor can filter by: open (published), in progress (incl. delivered), completed. */
export const boardStatuses = ['open', 'in_progress', 'completed'] as const;
export type BoardStatus = (typeof boardStatuses)[number];
export const boardStatusMap: Record<BoardStatus, readonly ProjectStatus[]> = {
  open: ['published'],
  in_progress: ['in_progress', 'delivered', 'disputed'],
  completed: ['completed'],
};

export interface BoardFilters {
  skills: DesignerSkill[];
  software: string;
  budgetMinCents: number | null;
  budgetMaxCents: number | null;
  status: BoardStatus;
  sort: BoardSort;
  page: number;
}

export const defaultBoardFilters: BoardFilters = {
  skills: [],
  software: '',
  budgetMinCents: null,
  budgetMaxCents: null,
  status: 'open',
  sort: 'newest',
  page: 1,
};

type RawQuery = Record<string, string | string[] | undefined>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
const all = (value: string | string[] | undefined) =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

const dollarsSchema = z
  .string()
  .trim()
  .regex(/^\d{1,7}(\.\d{1,2})?$/)
  .transform((v) => parsePriceCents(v))
  .catch(null);

/**
 * The board's filters from a URL query: anything malformed falls back to its default, so a hostile
 * query string still shows a board. `skills` (or `skills[]`) repeats; budgets are dollars.
 */
export function parseBoardQuery(query: RawQuery): BoardFilters {
  const skills = [...all(query.skills), ...all(query['skills[]'])].filter(isDesignerSkill);
  const software = (first(query.software) ?? '').trim().replace(/\s+/g, ' ').slice(0, maxSoftwareLength);
  const min = dollarsSchema.parse(first(query.budget_min) ?? '');
  const max = dollarsSchema.parse(first(query.budget_max) ?? '');
  const status = z.enum(boardStatuses).catch('open').parse(first(query.status));
  const sort = z.enum(boardSorts).catch('newest').parse(first(query.sort));
  const page = z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .catch(1)
    .parse(first(query.page) ?? '1');
  return {
    skills: designerSkills.filter((s) => skills.includes(s)),
    software,
    budgetMinCents: min ?? null,
    budgetMaxCents: max ?? null,
    status,
    sort,
    page,
  };
}

const dollars = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));

/** The query string of filters (defaults left out), the inverse of `parseBoardQuery`. */
export function boardFiltersToQuery(filters: BoardFilters): Record<string, string | string[] | null> {
  return {
    skills: filters.skills.length > 0 ? filters.skills : null,
    software: filters.software || null,
    budget_min: filters.budgetMinCents === null ? null : dollars(filters.budgetMinCents),
    budget_max: filters.budgetMaxCents === null ? null : dollars(filters.budgetMaxCents),
    status: filters.status === 'open' ? null : filters.status,
    sort: filters.sort === 'newest' ? null : filters.sort,
    page: filters.page === 1 ? null : String(filters.page),
  };
}

/* ---------- DTOs ---------- */

export interface ProjectCardDto {
  id: number;
  title: string;
  budgetCents: number;
  applicantsCount: number;
  status: ProjectStatus;
  software: string[];
  skills: DesignerSkill[];
  deadline: Date;
  /** Published (or, for a draft, created) date. */
  postedAt: Date;
  invitedDesigner: string | null;
}

export interface ProjectImageDto {
  position: number;
  thumbnail: string;
  full: string;
}

export interface ProjectDto extends ProjectCardDto {
  description: string;
  fileFormats: ProjectFileFormat[];
  referenceLinks: string[];
  images: ProjectImageDto[];
  ownerId: number;
  owner: { username: string; hasProfile: boolean; avatar: { small: string; large: string } | null };
  acceptedApplicationId: number | null;
  createdAt: Date;
}

export interface BoardPageDto {
  projects: ProjectCardDto[];
  total: number;
  pageCount: number;
}

/** The form's starting values (blank for a new project). */
export interface ProjectFormValues {
  title: string;
  description: string;
  budget: string;
  deadline: string;
  software: string;
  skills: string[];
  fileFormats: string[];
  referenceLinks: string;
}

export function formValuesOf(project: ProjectDto | null): ProjectFormValues {
  if (!project)
    return {
      title: '',
      description: '',
      budget: '',
      deadline: '',
      software: '',
      skills: [],
      fileFormats: [],
      referenceLinks: '',
    };
  return {
    title: project.title,
    description: project.description,
    budget: dollars(project.budgetCents),
    deadline: project.deadline.toISOString().slice(0, 10),
    software: project.software.join(', '),
    skills: project.skills,
    fileFormats: project.fileFormats,
    referenceLinks: project.referenceLinks.join('\n'),
  };
}
