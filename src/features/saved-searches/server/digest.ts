/**
 * The saved-search digest job (decision 0033). For each user with saved searches, each search is
 * matched against the models published since its last digest, with the listing's own search code
 * (catalog's `findListingModelsPublishedBetween`), and the user gets one email listing them all.
 * A search's mark moves before the email is written (compare-and-set), so two runs at once never send
 * a model twice; a run that dies in between loses that digest rather than sending it twice.
 */
import {
  findCategoryLabels,
  findListingModelsPublishedBetween,
  getModelCardsByIds,
} from '@/features/catalog/server/api';
import type { SqlSession } from '@/server/db/client';
import { enqueueJob } from '@/server/jobs/queue';
import type { JobHandler } from '@/server/jobs/runner';
import { logger } from '@/server/logger';
import { sendEmail, type OutgoingEmail } from '@/server/mail/outbox';

import { filtersOfQuery } from '../api';
import { savedSearchHref } from '../listing-link';
import { localeOrEnglish } from '@/server/mail/email-messages';

import { writeDigestEmail, type DigestSection } from './digest-email';
import {
  advanceCheckedUntil,
  findDigestRecipient,
  findUserIdsWithSearchesBefore,
  type SavedSearchRow,
} from './repository';
import { unsubscribeToken } from './unsubscribe-token';

export const savedSearchDigestJob = 'saved_search_digest';

/** The digest runs once a day, at this hour (UTC). */
export const digestHourUtc = 6;
const dayMs = 86_400_000;

/** New models listed per saved search; the rest are counted, and the listing's link shows them. */
export const modelsPerSearch = 10;

export interface DigestOutcome {
  users: number;
  emails: number;
  models: number;
}

/** The next scheduled run after `now`. */
export function nextDigestTime(now: Date): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), digestHourUtc);
  return new Date(today > now.getTime() ? today : today + dayMs);
}

/** Queues the next scheduled run (once: every process asks at start, the dedupe key keeps one). */
export function scheduleNextDigest(db: Pick<SqlSession, 'query'>, now = new Date()) {
  const runAfter = nextDigestTime(now);
  return enqueueJob(
    db,
    {
      kind: savedSearchDigestJob,
      payload: { scheduled: true },
      dedupeKey: `${savedSearchDigestJob}:${runAfter.toISOString()}`,
      runAfter,
    },
    now,
  );
}

/** Queues a run now (an admin's "send search digests now"); null when one is already waiting. */
export function requestDigestNow(db: Pick<SqlSession, 'query'>, adminId: number, now = new Date()) {
  return enqueueJob(
    db,
    {
      kind: savedSearchDigestJob,
      payload: { requestedBy: adminId },
      dedupeKey: `${savedSearchDigestJob}:now`,
    },
    now,
  );
}

const scopeOf = (search: SavedSearchRow) => ({
  locale: search.locale,
  productType: search.productType ?? undefined,
  categoryId: search.categoryId ?? undefined,
  filters: filtersOfQuery(search.query),
});

async function digestOfUser(
  userId: number,
  until: Date,
  send: (email: OutgoingEmail) => Promise<void>,
): Promise<number> {
  const recipient = await findDigestRecipient(userId);
  if (!recipient) return 0;
  const claimed: SavedSearchRow[] = [];
  for (const search of recipient.searches)
    if (search.checkedUntil < until && (await advanceCheckedUntil(search.id, search.checkedUntil, until)))
      claimed.push(search);
  const found = await Promise.all(
    claimed.map(async (search) => ({
      search,
      ...(await findListingModelsPublishedBetween(
        scopeOf(search),
        { after: search.checkedUntil, until },
        modelsPerSearch,
      )),
    })),
  );
  const withNews = found.filter((entry) => entry.total > 0);
  if (withNews.length === 0) return 0;
  // The language of the newest saved search: the one the user last browsed in.
  const locale = localeOrEnglish(recipient.searches.at(-1)!.locale);
  const categoryIds = [...new Set(withNews.flatMap(({ search }) => search.categoryId ?? []))];
  const [categories, cards] = await Promise.all([
    findCategoryLabels(locale, categoryIds),
    getModelCardsByIds(locale, [...new Set(withNews.flatMap((entry) => entry.ids))]),
  ]);
  const cardById = new Map(cards.map((card) => [card.id, card]));
  const sections: DigestSection[] = withNews.map(({ search, ids, total }) => {
    const category = search.categoryId === null ? null : (categories.get(search.categoryId) ?? null);
    return {
      productType: search.productType,
      categoryTitle: category?.title ?? null,
      filters: filtersOfQuery(search.query),
      listingHref: savedSearchHref(locale, search, category?.path ?? null),
      models: ids.flatMap((id) => {
        const card = cardById.get(id);
        return card ? [{ title: card.title, url: card.url }] : [];
      }),
      total,
      unsubscribeToken: unsubscribeToken({ kind: 'search', id: search.id }),
    };
  });
  await send(
    await writeDigestEmail({
      to: recipient.email,
      username: recipient.username,
      locale,
      sections,
      unsubscribeAllToken: unsubscribeToken({ kind: 'all', userId }),
    }),
  );
  return sections.reduce((sum, section) => sum + section.total, 0);
}

/** One digest run: every user's new matches up to `now`, one email per user with any. */
export async function sendSavedSearchDigests(
  options: {
    now?: Date;
    send?: (email: OutgoingEmail) => Promise<void>;
    onProgress?: (share: number) => Promise<void>;
  } = {},
): Promise<DigestOutcome> {
  const until = options.now ?? new Date();
  const send = options.send ?? sendEmail;
  const userIds = await findUserIdsWithSearchesBefore(until);
  const outcome: DigestOutcome = { users: userIds.length, emails: 0, models: 0 };
  for (const [index, userId] of userIds.entries()) {
    const models = await digestOfUser(userId, until, send);
    if (models > 0) {
      outcome.emails++;
      outcome.models += models;
    }
    if (options.onProgress && index % 50 === 49)
      await options.onProgress(((index + 1) / userIds.length) * 100);
  }
  return outcome;
}

export function createSavedSearchDigestHandler(options: { db: SqlSession; now?: () => Date }): JobHandler {
  const now = options.now ?? (() => new Date());
  return async (job, context) => {
    const outcome = await sendSavedSearchDigests({
      now: now(),
      onProgress: (share) => context.reportProgress(share),
    });
    logger.info({ job: job.id, ...outcome }, 'saved-search digests sent');
    if (job.payload.scheduled) await scheduleNextDigest(options.db, now());
    return outcome;
  };
}
