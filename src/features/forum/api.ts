/**
 * The forum's rules, shared by the server and the browser (issue 25, decision 0043): lengths, paging,
 * sorts, the edit window, posting limits and the request shapes.
 */
import { z } from 'zod';

import { maxBodyLength, maxTitleLength, minTitleLength } from './limits';

export * from './limits';

export const forumCategorySlugs = [
  'general',
  '3d-printing',
  'modelling',
  'selling',
  'site-feedback',
] as const;
export type ForumCategorySlug = (typeof forumCategorySlugs)[number];

export const threadsPerPage = 20;
export const postsPerPage = 30;

export const forumSorts = ['active', 'newest', 'unanswered'] as const;
export type ForumSort = (typeof forumSorts)[number];


/** An author may edit a post this long after writing it; an edited post shows "edited". */
export const editWindowMs = 60 * 60_000;

/** Accounts younger than this are "new": tighter limits (decision 0043). */
export const newAccountMs = 7 * 24 * 3_600_000;
export const postingLimits = {
  newAccount: { threadsPerHour: 3, repliesPerHour: 20 },
  established: { threadsPerHour: 10, repliesPerHour: 60 },
} as const;

/** How long an admin may ban a user from posting. */
export const banDays = [1, 7, 30, 365] as const;

export const maxForumQueryLength = 100;

const bodySchema = z.string().trim().min(1).max(maxBodyLength);

export const newThreadSchema = z.object({
  categoryId: z.number().int().positive().max(2_147_483_647),
  title: z.string().trim().min(minTitleLength).max(maxTitleLength),
  body: bodySchema,
  locale: z.string().max(8).optional(),
});

export const replySchema = z.object({ body: bodySchema, locale: z.string().max(8).optional() });

export const editSchema = z.object({
  body: bodySchema,
  title: z.string().trim().min(minTitleLength).max(maxTitleLength).optional(),
});

export const subscriptionSchema = z.object({ subscribed: z.boolean(), locale: z.string().max(8).optional() });

export const moderationActions = [
  'hide',
  'unhide',
  'approve',
  'lock',
  'unlock',
  'pin',
  'unpin',
  'move',
  'ban',
] as const;
export type ForumModerationAction = (typeof moderationActions)[number];

export const moderationSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.enum(['hide', 'unhide', 'approve', 'lock', 'unlock', 'pin', 'unpin']),
    postId: z.number().int().positive().max(2_147_483_647),
  }),
  z.object({
    action: z.literal('move'),
    postId: z.number().int().positive().max(2_147_483_647),
    categoryId: z.number().int().positive().max(2_147_483_647),
  }),
  z.object({
    action: z.literal('ban'),
    postId: z.number().int().positive().max(2_147_483_647),
    days: z
      .number()
      .int()
      .refine((days) => (banDays as readonly number[]).includes(days)),
  }),
]);
export type ForumModeration = z.infer<typeof moderationSchema>;

/** Whether the author may still edit a post written at `createdAt`. */
export function isEditable(createdAt: Date, now: Date): boolean {
  return now.getTime() - createdAt.getTime() <= editWindowMs;
}

/** The page of a thread on which its `index`-th post (0 = the opening post) is shown. */
export function pageOfPost(index: number): number {
  return Math.floor(index / postsPerPage) + 1;
}

/** Whether Markdown text holds a link a spammer could use: a URL, a Markdown link or an autolink. */
export function containsLink(text: string): boolean {
  return /https?:\/\/|www\.|\]\(|<[a-z]+:/i.test(text);
}
