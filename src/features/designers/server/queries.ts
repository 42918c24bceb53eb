/** Designer reads used by pages and the JSON API. */
import { cache } from 'react';

import { designersPerPage } from '../schemas';
import {
  countDesigners,
  findDesignerByUsername,
  findDesigners,
  findDesignerUsernames,
  findFeaturedDesigner,
} from './repository';

export const getFeaturedDesigner = cache(() => findFeaturedDesigner());

export const getDesignerByUsername = cache((username: string) =>
  /^[A-Za-z0-9_.-]{2,40}$/.test(username) ? findDesignerByUsername(username) : Promise.resolve(null),
);

/** One page of the directory; null past the end (page 1 always exists). */
export async function getDesignerPage(page: number) {
  const total = await countDesigners();
  const pageCount = Math.max(1, Math.ceil(total / designersPerPage));
  if (page > pageCount) return null;
  const items = await findDesigners(designersPerPage, (page - 1) * designersPerPage);
  return { items, total, page, pageCount };
}

/** Designers listed in the sitemap (one file holds at most 50,000 URLs). */
export function getSitemapDesigners(): Promise<string[]> {
  return findDesignerUsernames(50_000);
}
