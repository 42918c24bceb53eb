/**
 * How a feature plugs its content into the moderation queue (decision 0043). The composition root
 * (`src/app/moderation-subjects.ts`) maps each subject type to one of these; moderation itself knows
 * no feature.
 */
import type { Locale } from '@/i18n/routing';

/** One button of the queue: a POST of `json` to the owning feature's own endpoint. */
export interface ModerationAction {
  key: string;
  label: string;
  endpoint: string;
  json: Record<string, unknown>;
  /** A question the admin confirms first. */
  confirm?: string;
  /** A choice sent as `json[choice.name]` (a category to move to, a ban's length). */
  choice?: { name: string; label: string; options: { value: string | number; label: string }[] };
}

/** A reported subject as the queue shows it. */
export interface ReportedContent {
  /** "Forum post", "Review": what kind of content this is. */
  kind: string;
  title: string;
  excerpt: string;
  /** Where the content is seen (a page of this site, already localized). */
  href: string;
  author: string | null;
  /** The subject's moderation state in words ("Hidden", "Thread locked"), if any. */
  states: string[];
  actions: ModerationAction[];
  /** Further links ("Model: …"), already localized. */
  links?: { label: string; href: string }[];
  /** A small picture of the content (a make's first picture), shown beside it. */
  thumbnail?: { src: string; width: number; height: number; alt: string };
}

export interface ModerationSubjectType {
  /** Whether `reporterId` may report the subject: it exists and they can see it (else a 404). */
  isReportable(subjectId: number, reporterId: number): Promise<boolean>;
  /** The subjects of these ids as the queue shows them; an id missing from the map is gone. */
  describe(subjectIds: number[], locale: Locale): Promise<Map<number, ReportedContent>>;
}

export type ModerationRegistry = Record<string, ModerationSubjectType>;
