import type { Random } from '@/lib/random';

import type { Solid } from '../solid';

/**
 * One kind of object the demo catalogue can show (issue 28). `build` makes a closed, outward-facing,
 * printable solid in millimetres standing on z = 0 (use `placeOnBed`), of 1,000 to 200,000 triangles,
 * whose shells do not intersect one another; everything that varies (proportions, detail, counts) comes
 * from `random`, so the same seed always gives the same object and no two seeds look alike.
 */
export interface Family {
  /** A stable name, lower case with dashes: `spur-gear`. */
  name: string;
  /** English title words, lower case, that choose this family for a model ("gear", "cog"). */
  words: readonly string[];
  /**
   * Category slugs (the last part of a category path: `chair`, `sport-car`, `hand-tools`) whose models
   * get this family when no title word chooses one.
   */
  categories: readonly string[];
  build(random: Random): Solid;
}
