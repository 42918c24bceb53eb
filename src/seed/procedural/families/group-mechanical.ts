/** The mechanical families (issue 28). */
import { boltAndNut } from './bolt-and-nut';
import { coilSpring } from './coil-spring';
import { cornerBracket } from './corner-bracket';
import { phoneStand, tabletStand } from './device-stand';
import { dice } from './dice';
import type { Family } from './family';
import { gearSet } from './gear-set';
import { puzzlePiece } from './puzzle-piece';
import { spurGear } from './spur-gear';

export const mechanicalFamilies: readonly Family[] = [
  spurGear,
  gearSet,
  boltAndNut,
  coilSpring,
  dice,
  puzzlePiece,
  cornerBracket,
  phoneStand,
  tabletStand,
];
