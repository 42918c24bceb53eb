/** Every procedural family (issue 28); each group is its own file so that the groups can grow apart. */
import type { Family } from './family';
import { figure } from './figure';
import { householdFamilies } from './group-household';
import { mechanicalFamilies } from './group-mechanical';
import { worldFamilies } from './group-world';
import { vase } from './vase';

export type { Family } from './family';

export const families: readonly Family[] = [
  vase,
  figure,
  ...mechanicalFamilies,
  ...householdFamilies,
  ...worldFamilies,
];

export function familyNamed(name: string): Family | undefined {
  return families.find((family) => family.name === name);
}
