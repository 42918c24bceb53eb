import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { searchCatalogue, seedSearchCatalogue } from '../../../../tests/setup/search-catalogue';
import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-database';
import { parseListingFilters } from '../schemas';
import { getModelPage } from './queries';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedSearchCatalogue(t);
});
afterAll(() => t.cleanup());

/** Slugs found for `keywords`, in listing order (best match, then trending). */
async function search(keywords: string, sort?: string, locale = 'en') {
  const filters = parseListingFilters({ keywords, ...(sort ? { sort } : {}) });
  const listing = await getModelPage({ locale, filters, page: 1, perPage: 96 });
  return listing!.items.map((card) => card.slug);
}

describe('keyword search semantics', () => {
  it('bare terms are optional: any may match, more matches rank first, then trending', async () => {
    expect(await search('chair')).toEqual(['red-chair', 'blue-chair']);
    expect(await search('red chair')).toEqual(['red-chair', 'red-car', 'blue-chair']);
    expect(await search('red chair', 'trending')).toEqual(['red-car', 'red-chair', 'blue-chair']);
  });

  it('+ requires, - and NOT exclude, AND requires both, OR either', async () => {
    expect(await search('+chair red')).toEqual(['red-chair', 'blue-chair']);
    expect(await search('chair -red')).toEqual(['blue-chair']);
    expect(await search('furniture AND NOT chair')).toEqual(['table', 'chaise-longue']);
    expect(await search('red AND chair')).toEqual(['red-chair']);
    expect(await search('table OR tube')).toEqual(['table', 'test-tube']);
  });

  it('a query of exclusions alone finds everything else', async () => {
    const all = await search('-furniture');
    expect(all).toEqual(['red-car', 'test-tube', 'text-sign', 'tree']);
  });

  it('"exact phrase" needs the words together and in order', async () => {
    expect(await search('"low poly"')).toEqual(['red-car', 'tree']);
    expect(await search('"poly low"')).toEqual([]);
    expect(await search('"red chair"')).toEqual(['red-chair']);
  });

  it('prefix* and te?t (exactly one character) wildcards', async () => {
    expect(await search('cha*')).toEqual(['red-chair', 'blue-chair', 'chaise-longue']);
    expect(await search('te?t')).toEqual(['test-tube', 'text-sign']);
    expect(await search('tr?e')).toEqual(['tree']);
    expect(await search('te??')).toEqual(['test-tube', 'text-sign']);
    expect(await search('?ree')).toEqual(['tree']);
    expect(await search('t*e')).toEqual(['table', 'test-tube', 'tree']);
  });

  it('is case- and accent-insensitive', async () => {
    expect(await search('chaise')).toEqual(['chaise-longue']);
    expect(await search('CHAISÉ')).toEqual(['chaise-longue']);
    expect(await search('chais?')).toEqual(['chaise-longue']);
  });

  it('groups combine with operators', async () => {
    expect(await search('(red OR blue) AND chair')).toEqual(['red-chair', 'blue-chair']);
    expect(await search('+furniture -(red OR blue)')).toEqual(['table', 'chaise-longue']);
  });

  it('symbols, lone operators and broken syntax still search the words there are', async () => {
    expect(await search('red - chair')).toEqual(['red-chair', 'red-car', 'blue-chair']);
    expect(await search('"red chair')).toEqual(['red-chair', 'red-car', 'blue-chair']);
    expect(await search('(tree')).toEqual(['tree']);
    expect(await search('AND')).toEqual([]);
    // Nothing to search for: no narrowing at all.
    expect(await search('- + !')).toHaveLength(searchCatalogue.length);
  });

  it('counts what it finds and refuses a query over 256 characters', async () => {
    const page = await getModelPage({
      locale: 'en',
      filters: parseListingFilters({ keywords: 'furniture -chair' }),
      page: 1,
    });
    expect(page?.total).toBe(2);
    const tooLong = parseListingFilters({ keywords: 'a'.repeat(257) });
    expect(tooLong.keywordsTooLong).toBe(true);
    expect(tooLong.keywords).toBeNull();
  });
});

describe('search in the visitor’s language (decision 0053)', () => {
  const inLocale = (locale: string, keywords: string) => search(keywords, undefined, locale);

  it('finds the English models for a word of the visitor’s language, ranked as the English query', async () => {
    const english = await search('red chair');
    expect(english).toEqual(['red-chair', 'red-car', 'blue-chair']);
    expect(await inLocale('de', 'rote Stühle')).toEqual(english);
    expect(await inLocale('es', 'silla roja')).toEqual(english);
    expect(await inLocale('ru', 'красный стул')).toEqual(english);
    expect(await inLocale('pt', 'cadeira vermelha')).toEqual(english);
    // No spaces: the dictionary's longest words (赤 + い + 椅子, 红色 + 椅子).
    expect(await inLocale('jp', '赤い椅子')).toEqual(english);
    expect(await inLocale('zh-CN', '红色椅子')).toEqual(english);
  });

  it('keeps the word itself and the query’s operators', async () => {
    // French "chaise" is a chair, and also the English catalogue's own "Chaisé Longue".
    expect(await inLocale('fr', 'chaise')).toEqual(['red-chair', 'blue-chair', 'chaise-longue']);
    expect(await inLocale('de', 'Möbel -Stuhl')).toEqual(await search('furniture -chair'));
    expect(await inLocale('de', '+Möbel +rot')).toEqual(['red-chair']);
  });

  it('is the visitor’s language only: an English visitor’s "Stuhl" finds nothing', async () => {
    expect(await search('Stuhl')).toEqual([]);
    expect(await inLocale('de', 'Stuhl')).toEqual(['red-chair', 'blue-chair']);
  });
});
