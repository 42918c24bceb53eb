/** Writes of the search feature: what the search box learns, and an admin's removal of it. */
import { env } from '@/env';
import { sign } from '@/server/auth/signing';

import { isLearnablePhrase } from '../learned-phrases';
import { suggestionCache } from './queries';
import { deleteSightingsBefore, recordPhraseSighting, removeLearnedPhrase } from './repository';

/** Sightings older than this no longer count towards learning a phrase. */
const sightingWindowDays = 30;
const dayMs = 86_400_000;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Learns a search typed into the box (spec §7 tracking; validated with `searchEventSchema`, every word
 * found in the catalogue by the caller) so it is suggested to others — once `minVisitors` distinct
 * visitors made it within 30 days, each counted once a day (decision 0039). `addressGroup` is who the
 * visitor is: a cookie costs nothing to make up, an address does.
 */
export async function recordSearch(
  searchTerm: string,
  addressGroup: string,
  { now = new Date(), minVisitors = env.SUGGESTION_MIN_VISITORS } = {},
): Promise<boolean> {
  if (!isLearnablePhrase(searchTerm)) return false;
  const learned = await recordPhraseSighting(searchTerm, {
    visitor: sign(`search-visitor\n${addressGroup}`),
    day: dayOf(now),
    since: dayOf(new Date(now.getTime() - sightingWindowDays * dayMs)),
    minVisitors,
  });
  // Now and then, forget what no longer counts.
  if (Math.random() < 0.01)
    await deleteSightingsBefore(dayOf(new Date(now.getTime() - sightingWindowDays * dayMs)));
  if (learned) suggestionCache.clear();
  return learned;
}

/** An admin removes a learned phrase from the suggestions for good; false when it is not learned. */
export async function removeLearnedSearch(keyword: string, adminId: number): Promise<boolean> {
  const removed = await removeLearnedPhrase(keyword, adminId);
  if (removed) suggestionCache.clear();
  return removed;
}
