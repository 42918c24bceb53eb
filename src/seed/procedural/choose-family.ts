/**
 * Which family makes a demo model's mesh (issue 28): the first title word that names one ("Planetary
 * gear set" → gear set, "Desk lamp" → lamp), else its category ("…/furniture/chair"), else its parent
 * category, else one picked by the model's id. The choice and the object are fixed by the id.
 */
import type { Family } from './families/family';

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 1);

/** "gears" → "gear", "boxes" → "box", "glasses" stays. */
const singular = (word: string) =>
  word.endsWith('ses') && !word.endsWith('sses')
    ? word.slice(0, -2)
    : word.endsWith('s') && !word.endsWith('ss')
      ? word.slice(0, -1)
      : word;

export interface FamilyChooser {
  choose(title: string, categoryPath: string, modelId: number): Family;
}

export function familyChooser(families: readonly Family[]): FamilyChooser {
  const byWord = new Map<string, Family>();
  const byCategory = new Map<string, Family[]>();
  for (const family of families) {
    for (const word of family.words) if (!byWord.has(word)) byWord.set(word, family);
    for (const slug of family.categories) byCategory.set(slug, [...(byCategory.get(slug) ?? []), family]);
  }
  return {
    choose(title, categoryPath, modelId) {
      const words = wordsOf(title);
      // Two-word names first ("gear set", "chess piece"), then single words from the last (the noun).
      for (let i = words.length - 2; i >= 0; i--) {
        const family = byWord.get(`${words[i]} ${singular(words[i + 1]!)}`);
        if (family) return family;
      }
      for (const word of [...words].reverse()) {
        const family = byWord.get(word) ?? byWord.get(singular(word));
        if (family) return family;
      }
      const slugs = categoryPath.split('/').reverse();
      for (const slug of slugs) {
        const candidates = byCategory.get(slug);
        if (candidates) return candidates[modelId % candidates.length]!;
      }
      return families[modelId % families.length]!;
    },
  };
}
