/** Every procedural family (issue 28); the groups are kept in separate files so they can grow apart. */
import type { Family } from './family';
import { figure } from './figure';
import { vase } from './vase';

export type { Family } from './family';

export const families: readonly Family[] = [vase, figure];

export function familyNamed(name: string): Family | undefined {
  return families.find((family) => family.name === name);
}
