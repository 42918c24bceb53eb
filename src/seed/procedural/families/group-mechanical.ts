/** The mechanical families (issue 28). */
import { boltAndNut } from './bolt-and-nut';
import { cableClip } from './cable-clip';
import { camera } from './camera';
import { coilSpring } from './coil-spring';
import { constructionBrick } from './construction-brick';
import { cornerBracket } from './corner-bracket';
import { phoneStand, tabletStand } from './device-stand';
import { dice } from './dice';
import type { Family } from './family';
import { gearSet } from './gear-set';
import { hammer } from './hammer';
import { keychainTag } from './keychain-tag';
import { knob } from './knob';
import { meeple } from './meeple';
import { liddedBox } from './lidded-box';
import { puzzlePiece } from './puzzle-piece';
import { robot } from './robot';
import { screwdriver } from './screwdriver';
import { shield } from './shield';
import { spurGear } from './spur-gear';
import { sword } from './sword';
import { toolRack } from './tool-rack';
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
  screwdriver,
  sword,
  shield,
  keychainTag,
  meeple,
  robot,
  camera,
  hammer,
  constructionBrick,
  toolRack,
];
