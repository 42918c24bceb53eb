/**
 * What a catalogue path names: `/{listing}/{category path}` is a category; `/{listing}/{category path}/{model
 * slug}` a model; `/{listing}[/{category path}]/newest` and `…/top-selling` the listing or category in that
 * order. Anything else is the 404; a model reached by an old or wrong category path is redirected.
 */
import type { Locale } from 'next-intl';
import { notFound, redirect } from 'next/navigation';

import { localizedHref } from '@/i18n/navigation';
import { decodePathSegment } from '@/lib/path-segment';

import { isSortPathSegment, type ProductType } from '../schemas';
import { getCategoryByPath, getModelBySlug } from './queries';

const segmentPattern = /^[\p{Ll}\p{Lo}\p{N}-]{1,120}$/u;

/** The lookups are cached per request: the page and its metadata resolve the same path once. */
export async function resolveCatalogPath(locale: Locale, productType: ProductType, path: string[]) {
  const decoded = path.map(decodePathSegment);
  if (decoded.some((s) => s === null)) notFound();
  const segments = decoded as string[];
  if (segments.length === 0 || segments.length > 4 || !segments.every((s) => segmentPattern.test(s)))
    notFound();
  const category = await getCategoryByPath(locale, productType, segments.join('/'));
  if (category) return { kind: 'listing' as const, category, sortSegment: null };
  const last = segments[segments.length - 1]!;
  if (isSortPathSegment(last)) {
    const parent = segments.slice(0, -1).join('/');
    const parentCategory = parent ? await getCategoryByPath(locale, productType, parent) : null;
    if (!parent || parentCategory)
      return { kind: 'listing' as const, category: parentCategory, sortSegment: last };
  }
  const model = await getModelBySlug(locale, last);
  if (!model || model.productType !== productType) notFound();
  if (model.path !== segments.join('/')) {
    const pathname = productType === 'print' ? '/3d-print-models/[...path]' : '/3d-models/[...path]';
    redirect(localizedHref(locale, { pathname, params: { path: model.path.split('/') } }));
  }
  return { kind: 'model' as const, model };
}
