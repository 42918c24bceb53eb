/**
 * Challenges' forms and answers (decision 0046): what an admin sends to create or reschedule one, what
 * an entrant and a voter send, and the DTOs pages and the JSON API read.
 */
import { z } from 'zod';

import { parsePriceCents } from '@/lib/money';

import { isScheduleInOrder, type ChallengePhase } from './challenge-lifecycle';

export const challengeKindValues = ['models', 'renders'] as const;
export type ChallengeKind = (typeof challengeKindValues)[number];

export const challengeTitleLength = { min: 3, max: 120 } as const;
export const challengeThemeMaxLength = 300;
export const challengeRulesMaxLength = 5000;
export const renderTitleLength = { min: 2, max: 100 } as const;
/** $100,000: the largest prize a challenge may promise. */
export const maxPrizeCents = 10_000_000;

export const challengeFields = [
  'title',
  'theme',
  'rules',
  'opensAt',
  'votingAt',
  'resultsAt',
  'prize',
] as const;
export type ChallengeField = (typeof challengeFields)[number];

const dateText = z.iso.datetime({ offset: true }).transform((text) => new Date(text));

const challengeFieldsSchema = z.object({
  title: z.string().trim().min(challengeTitleLength.min).max(challengeTitleLength.max),
  theme: z.string().trim().min(1).max(challengeThemeMaxLength),
  rules: z.string().trim().min(1).max(challengeRulesMaxLength),
  opensAt: dateText,
  votingAt: dateText,
  resultsAt: dateText,
  prize: z
    .string()
    .max(20)
    .transform((text, ctx) => {
      const cents = parsePriceCents(text);
      if (cents === null || cents > maxPrizeCents) {
        ctx.addIssue({ code: 'custom', message: 'prize' });
        return z.NEVER;
      }
      return cents;
    }),
});

export const challengeFormSchema = challengeFieldsSchema
  .extend({ kind: z.enum(challengeKindValues) })
  .refine(isScheduleInOrder, { path: ['votingAt'], message: 'schedule_order' });
export type ChallengeForm = z.output<typeof challengeFormSchema>;

/** A rescheduled or reworded challenge: the same fields except its kind, which never changes. */
export const challengeUpdateSchema = challengeFieldsSchema.refine(isScheduleInOrder, {
  path: ['votingAt'],
  message: 'schedule_order',
});
export type ChallengeUpdate = z.output<typeof challengeUpdateSchema>;

/** The field errors of a refused form, keyed by field (the form translates `invalid_<field>`). */
export function challengeFieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message === 'schedule_order' ? 'schedule_order' : `invalid_${field}`;
  }
  return errors;
}

export const modelEntrySchema = z.object({ modelId: z.number().int().positive().max(2_147_483_647) });
export const voteSchema = z.object({ entryId: z.number().int().positive().max(2_147_483_647) });
export const renderTitleSchema = z.string().trim().min(renderTitleLength.min).max(renderTitleLength.max);

export interface ChallengeSummaryDto {
  id: number;
  kind: ChallengeKind;
  title: string;
  theme: string;
  phase: ChallengePhase;
  opensAt: string;
  votingAt: string;
  resultsAt: string;
  prizeCents: number;
  entries: number;
  winner: { username: string } | null;
}

export interface ChallengeEntryDto {
  id: number;
  username: string;
  createdAt: string;
  /** A model entry's card data; null for a render. */
  model: {
    id: number;
    title: string;
    url: string;
    image: { src: string; srcSet: string; width: number; height: number };
  } | null;
  /** A render entry's picture; null for a model. */
  render: { title: string; src: string; srcSet: string; width: number; height: number } | null;
  /** Shown once the results are public; null before. */
  votes: number | null;
  /** 1 for the winner … once the results are public; null before. */
  rank: number | null;
}

export interface ChallengeDetailDto extends ChallengeSummaryDto {
  rules: string;
  entries: number;
  entryList: ChallengeEntryDto[];
}
