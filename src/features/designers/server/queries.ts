/** Designer reads used by pages and the JSON API. */
import { cache } from 'react';

import { designersPerPage } from '../schemas';
import { countDesigners, findDesignerByUsername, findDesigners, findFeaturedDesigner } from './repository';

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
