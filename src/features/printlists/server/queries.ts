/** What the printlist pages and the JSON API read (decision 0048). */
import { smallestSource } from '@/features/catalog/api';
import { getModelCardsByIds } from '@/features/catalog/server/api';

import { maxModelsPerPrintlist, printlistsPerPage, type PrintlistSummary } from '../api';
import { visiblePrintlist } from './commands';
import {
  countPublicPrintlistsWithModel,
  findOwnChoices,
  findPrintlistModelIds,
  findPrintlistsOf,
  findPublicPrintlists,
  type PrintlistListing,
  type PrintlistRow,
} from './repository';

type ModelCard = Awaited<ReturnType<typeof getModelCardsByIds>>[number];

async function summariesOf(locale: string, listing: PrintlistListing): Promise<PrintlistSummary[]> {
  const cards = await getModelCardsByIds(locale, [...new Set(listing.rows.flatMap((r) => r.previewIds))]);
  const pictureOf = new Map(cards.map((card) => [card.id, smallestSource(card.primaryImage)]));
  return listing.rows.map((row) => ({
    id: row.id,
    title: row.title,
    visibility: row.visibility,
    ownerUsername: row.ownerUsername,
    modelCount: row.modelCount,
    updatedAt: row.updatedAt.toISOString(),
    previews: row.previewIds.flatMap((id) => pictureOf.get(id) ?? []),
  }));
}

/** One page of the public index, newest change first. */
export async function getPublicPrintlists(locale: string, page: number) {
  const listing = await findPublicPrintlists(printlistsPerPage, (page - 1) * printlistsPerPage);
  return { lists: await summariesOf(locale, listing), total: listing.total };
}

/** A user's lists: every one for the owner, the public ones for anybody else. */
export async function getPrintlistsOf(locale: string, ownerId: number, viewerId: number | null) {
  return summariesOf(locale, await findPrintlistsOf(ownerId, ownerId === viewerId, maxPrintlistsShown));
}

const maxPrintlistsShown = 100;

/** A list with its models in order, if the viewer may see it (else NOT_FOUND). */
export async function getPrintlist(
  locale: string,
  id: number,
  viewerId: number | null,
): Promise<{ list: PrintlistRow; models: ModelCard[] }> {
  const list = await visiblePrintlist(id, viewerId);
  const ids = await findPrintlistModelIds(id, maxModelsPerPrintlist);
  const cards = await getModelCardsByIds(locale, ids);
  const position = new Map(ids.map((modelId, index) => [modelId, index]));
  return { list, models: [...cards].sort((a, b) => position.get(a.id)! - position.get(b.id)!) };
}

export { countPublicPrintlistsWithModel, findOwnChoices };
export { findUserIdByUsername } from './repository';
