import type { Random } from '@/lib/random';

import { loft } from '../primitives';
import { placeOnBed, type Vec3 } from '../solid';
import type { Family } from './family';

/** An abstract twisted column: a star or rounded polygon lofted upward, turning and swelling as it rises. */
export const twistedSculpture: Family = {
  name: 'twisted-sculpture',
  words: ['sculpture', 'twist', 'twisted', 'abstract', 'spiral'],
  categories: [
    'sculptures',
    'math-art',
    'decor',
    '2d-art',
    'art-tools',
    'scans-and-replicas',
    'interactive-art',
  ],
  build(random: Random) {
    const corners = random.int(3, 8);
    const star = random.chance(0.6);
    const inner = star ? 0.45 + random.next() * 0.3 : 0.85 + random.next() * 0.1;
    const radius = 18 + random.next() * 22;
    const height = radius * (2.5 + random.next() * 3);
    const turns = (0.25 + random.next() * 1.25) * (random.chance(0.5) ? 1 : -1);
    const swell = random.next() * 0.6;
    const taper = 0.2 + random.next() * 0.8;
    const levels = 60 + random.int(0, 40);
    const perEdge = 6;
    const count = corners * 2 * perEdge;
    const sections: Vec3[][] = [];
    for (let i = 0; i <= levels; i++) {
      const t = i / levels;
      const z = height * t;
      const scaleAt = (1 - t * (1 - taper)) * (1 + swell * Math.sin(Math.PI * t));
      const angle = turns * Math.PI * 2 * t;
      const section: Vec3[] = [];
      for (let j = 0; j < count; j++) {
        const a = (Math.PI * 2 * j) / count;
        // Between a corner (radius 1) and a notch (radius `inner`), rounded with a cosine.
        const u = (j % (2 * perEdge)) / (2 * perEdge);
        const r = radius * scaleAt * (inner + (1 - inner) * (0.5 + 0.5 * Math.cos(u * Math.PI * 2)));
        section.push([r * Math.cos(a + angle), r * Math.sin(a + angle), z]);
      }
      sections.push(section);
    }
    return placeOnBed(loft(sections));
  },
};
