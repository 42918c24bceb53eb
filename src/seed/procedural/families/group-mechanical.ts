/** The mechanical families (issue 28). */
import { boltAndNut } from './bolt-and-nut';
import { cableClip } from './cable-clip';
import { coilSpring } from './coil-spring';
import { cornerBracket } from './corner-bracket';
import { phoneStand, tabletStand } from './device-stand';
import { dice } from './dice';
import type { Family } from './family';
import { gearSet } from './gear-set';
import { knob } from './knob';
import { liddedBox } from './lidded-box';
import { puzzlePiece } from './puzzle-piece';
import { spurGear } from './spur-gear';
import { wallHook } from './wall-hook';
import { wrench } from './wrench';

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
  wallHook,
  liddedBox,
  knob,
  cableClip,
  wrench,
];
