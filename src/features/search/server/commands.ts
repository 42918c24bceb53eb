/** Writes of the search feature. */
import { suggestionCache } from './queries';
import { incrementSearchCount } from './repository';

/**
 * Learns a search typed into the box (spec §7 tracking; validated with `searchEventSchema`, and found
 * in the catalogue by the caller) so it is suggested to others.
 */
export async function recordSearch(searchTerm: string): Promise<void> {
  await incrementSearchCount(searchTerm);
  suggestionCache.clear();
}
