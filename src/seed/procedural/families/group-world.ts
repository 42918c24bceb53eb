/** The world families (issue 28). */
import { aircraft, helicopter, rocket } from './aircraft';
import { bird, dinosaur, dragon, fish, insect, mammal, skull } from './animals';
import type { Family } from './family';
import { chair, sofa, stool, table } from './furniture';
import { flower, tree } from './nature';
import { bridge, building, castle, miniatureBase, terrain } from './structures';
import { bike, boat, car, locomotive, truck } from './vehicles';

export const worldFamilies: readonly Family[] = [
  chair,
  table,
  sofa,
  stool,
  building,
  castle,
  bridge,
  miniatureBase,
  terrain,
  car,
  truck,
  locomotive,
  boat,
  bike,
  aircraft,
  helicopter,
  rocket,
  tree,
  flower,
  mammal,
  bird,
  fish,
  dinosaur,
  insect,
  dragon,
  skull,
];
