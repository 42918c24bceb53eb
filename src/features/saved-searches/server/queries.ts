/** What the unsubscribe page shows for a digest's link. */
import { countSavedSearches, findSavedSearch, type SavedSearchRow } from './repository';
import { unsubscribeTargetOf } from './unsubscribe-token';

export type UnsubscribeLinkState =
  | { kind: 'invalid' }
  | { kind: 'gone' }
  | { kind: 'search'; search: SavedSearchRow }
  | { kind: 'all'; count: number };

export async function unsubscribeLinkState(token: unknown): Promise<UnsubscribeLinkState> {
  const target = unsubscribeTargetOf(token);
  if (!target) return { kind: 'invalid' };
  if (target.kind === 'all') {
    const count = await countSavedSearches(target.userId);
    return count === 0 ? { kind: 'gone' } : { kind: 'all', count };
  }
  const search = await findSavedSearch(target.id);
  return search ? { kind: 'search', search } : { kind: 'gone' };
}
