/**
 * What challenge pages and the JSON API read. Every read first closes the challenges whose voting has
 * ended (decision 0046: closing is lazy, on the first read after the results date), so nobody has to
 * be there at the right moment.
 */
import { getModelCardsByIds } from '@/features/catalog/server/api';
import { userPictureSrcSet, userPictureUrl } from '@/server/images/user-pictures';

import { phaseAt, rankEntries } from '../challenge-lifecycle';
import type { ChallengeDetailDto, ChallengeEntryDto, ChallengeKind, ChallengeSummaryDto } from '../schemas';
import { findChallenge, type ChallengeRow } from './challenge-repository';
import { closeChallenge, closeDueChallenges } from './commands';
import {
  findChallengeRows,
  findChallengeWins,
  findChallengeWithWinner,
  findEntryRows,
  findOwnPublishedModels,
  findViewerState,
} from './read-repository';

function summaryOf(
  row: ChallengeRow,
  entries: number,
  winner: string | null,
  now: Date,
): ChallengeSummaryDto {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    theme: row.theme,
    phase: phaseAt(row, now),
    opensAt: row.opensAt.toISOString(),
    votingAt: row.votingAt.toISOString(),
    resultsAt: row.resultsAt.toISOString(),
    prizeCents: row.prizeCents,
    entries,
    winner: winner === null ? null : { username: winner },
  };
}

/** The challenges of a kind (or all): running ones first, soonest results first; then past ones. */
export async function listChallenges(
  kind: ChallengeKind | null,
  now = new Date(),
): Promise<ChallengeSummaryDto[]> {
  await closeDueChallenges(now);
  const rows = await findChallengeRows(kind);
  return rows.map((row) => summaryOf(row.challenge, row.entries, row.winner, now));
}

/** A challenge with its entries; votes and ranks only once the results are public. */
export async function getChallengeDetail(
  challengeId: number,
  locale: string,
  now = new Date(),
): Promise<ChallengeDetailDto | null> {
  await closeChallenge(challengeId, now);
  const row = await findChallengeWithWinner(challengeId);
  if (!row) return null;
  const entryRows = await findEntryRows(challengeId);
  const modelIds = entryRows.flatMap((entry) => (entry.modelId === null ? [] : [entry.modelId]));
  const cards = new Map((await getModelCardsByIds(locale, modelIds)).map((card) => [card.id, card]));
  const isPublic = row.challenge.closedAt !== null;
  const ordered = isPublic ? rankEntries(entryRows) : entryRows;
  const entryList: ChallengeEntryDto[] = [];
  ordered.forEach((entry, index) => {
    const card = entry.modelId === null ? undefined : cards.get(entry.modelId);
    // A model unpublished since it was entered is no longer shown (its votes still counted).
    if (entry.modelId !== null && !card) return;
    entryList.push({
      id: entry.id,
      username: entry.username,
      createdAt: entry.createdAt.toISOString(),
      model: card ? { id: card.id, title: card.title, url: card.url, image: card.primaryImage } : null,
      render:
        entry.pictureKey === null
          ? null
          : {
              title: entry.title ?? '',
              src: userPictureUrl(entry.pictureKey, 720),
              srcSet: userPictureSrcSet(entry.pictureKey),
              width: entry.pictureWidth ?? 1440,
              height: entry.pictureHeight ?? 1080,
            },
      votes: isPublic ? entry.votes : null,
      rank: isPublic ? index + 1 : null,
    });
  });
  return {
    ...summaryOf(row.challenge, entryRows.length, row.winner, now),
    rules: row.challenge.rules,
    entryList,
  };
}

export const getViewerState = findViewerState;
export const getOwnPublishedModels = findOwnPublishedModels;

/** The challenges a member has won, newest first: their profile's badges. */
export async function getChallengeWins(userId: number, now = new Date()) {
  await closeDueChallenges(now);
  return findChallengeWins(userId);
}

/** For the admin's list: every challenge. */
export function listChallengesForAdmin(now = new Date()) {
  return listChallenges(null, now);
}

export const getChallengeRow = findChallenge;
