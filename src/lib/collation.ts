/** Spec §9: categories are sorted alphabetically by title, ignoring case and accents, per locale. */
const collators = new Map<string, Intl.Collator>();

export function compareTitles(languageTag: string): (a: string, b: string) => number {
  let collator = collators.get(languageTag);
  if (!collator) {
    collator = new Intl.Collator(languageTag, { sensitivity: 'base', numeric: true });
    collators.set(languageTag, collator);
  }
  return collator.compare;
}

export function sortByTitle<T extends { title: string }>(items: readonly T[], languageTag: string): T[] {
  const compare = compareTitles(languageTag);
  return [...items].sort((a, b) => compare(a.title, b.title));
}
