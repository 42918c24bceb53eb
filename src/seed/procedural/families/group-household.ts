/** The household families (issue 28). */
import type { Family } from './family';

export const householdFamilies: readonly Family[] = [];
