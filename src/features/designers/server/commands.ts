/** Designer writes. */
import { addFeaturedDesignerImpression } from './repository';

/** Spec §4: the featured designer card's one-time tracking call. False for an unknown id. */
export function trackFeaturedDesignerImpression(id: number): Promise<boolean> {
  return addFeaturedDesignerImpression(id);
}
