/** Writes of the search feature. */
import { incrementSearchCount } from './repository';

/**
 * Learns a search typed into the box (spec §7 tracking; validated with `searchEventSchema`, and found
 * in the catalogue by the caller) so it is suggested to others.
 */
export function recordSearch(searchTerm: string): Promise<void> {
  return incrementSearchCount(searchTerm);
}
