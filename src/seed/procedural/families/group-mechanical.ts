/** The mechanical families (issue 28). */
import type { Family } from './family';

export const mechanicalFamilies: readonly Family[] = [];
