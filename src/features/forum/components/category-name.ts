import { forumCategorySlugs } from '../api';

type Translate = (key: never) => string;

/** A category's name (or lead) in the page's language; a category added later without texts shows its slug. */
export function categoryName(t: Translate, slug: string, field: 'name' | 'lead' = 'name'): string {
  if (!(forumCategorySlugs as readonly string[]).includes(slug)) return field === 'name' ? slug : '';
  return (t as unknown as (key: string) => string)(`categories.${slug}.${field}`);
}
