/** The world families (issue 28). */
import type { Family } from './family';

export const worldFamilies: readonly Family[] = [];
