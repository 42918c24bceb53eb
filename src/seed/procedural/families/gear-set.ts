import type { Random } from '@/lib/random';

import { merge, placeOnBed } from '../solid';
import type { Family } from './family';
import { layOut, randomGearShape } from './spur-gear';

/** Two to four gears of one module and different tooth counts, laid flat side by side with gaps (print as a set). */
export const gearSet: Family = {
  name: 'gear-set',
  words: [
    'gear set',
    'gear train',
    'gears',
    'gearbox',
    'gearset',
    'planetary',
    'transmission',
    'reduction',
    'drivetrain',
  ],
  categories: ['mechanical-toys', '3d-printing'],
  build(random: Random) {
    const count = random.int(2, 4);
    const counts = random.sample([10, 12, 14, 16, 18, 20, 24, 28, 32, 36, 40, 48], count);
    const order = random.chance(0.5) ? counts.reverse() : counts;
    const totalTeeth = order.reduce((sum, teeth) => sum + teeth + 2, 0);
    const length = 90 + random.next() * 140;
    const gearModule = Math.max(0.8, length / totalTeeth);
    const shapes = order.map((teeth) => randomGearShape(random, teeth, gearModule));
    const thickness = shapes[0]!.thickness;
    for (const shape of shapes) shape.thickness = thickness;
    const gap = 2 + random.next() * 4;
    const zigzag = random.next() * 0.5;
    const solids = layOut(shapes, gap, (i) => (i % 2 === 0 ? 0 : zigzag * length * 0.25));
    return placeOnBed(merge(...solids));
  },
};
