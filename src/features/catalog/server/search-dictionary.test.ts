import { describe, expect, it } from 'vitest';

import { locales } from '@/i18n/routing';
import { loadSourceModels } from '@/seed/catalog-source';

import { parseQuery, type QueryNode } from '../query-language';
import { translateQuery } from '../query-translation';
import { searchWords } from '../search-words';
import { searchDictionary } from './search-dictionary';

/** The examples each locale's search box shows (its placeholders), which must find models. */
const placeholderExamples: Record<string, string[]> = {
  de: ['Stuhl', 'Drache', 'Handyhalter', 'Blumentopf', 'Miniatur'],
  es: ['silla', 'dragón', 'soporte para móvil', 'maceta', 'miniatura'],
  fr: ['chaise', 'dragon', 'support de téléphone', 'jardinière', 'figurine'],
  jp: ['椅子', 'ドラゴン', 'スマホスタンド', 'プランター', 'ミニチュア'],
  pt: ['cadeira', 'dragão', 'suporte de celular', 'vaso', 'miniatura'],
  ru: ['стул', 'дракон', 'подставка для телефона', 'кашпо', 'миниатюра'],
  'zh-CN': ['椅子', '龙', '手机支架', '花盆', '手办'],
};

function termsOf(node: QueryNode): string[] {
  if (node.kind === 'boolean') return node.clauses.flatMap((clause) => termsOf(clause.node));
  return node.kind === 'wildcard' ? [] : searchWords(node.text);
}

describe('the search dictionaries', () => {
  const catalogueWords = new Set(
    loadSourceModels().flatMap((model) => [
      ...searchWords(model.name),
      ...model.tags.flatMap((tag) => searchWords(tag)),
    ]),
  );

  it('exist for every locale but English', () => {
    expect(searchDictionary('en')).toBeNull();
    for (const locale of locales.filter((l) => l !== 'en'))
      expect(searchDictionary(locale)?.forms.size, locale).toBeGreaterThan(400);
  });

  it.each(Object.entries(placeholderExamples))(
    '%s: the search box’s examples are its placeholders’ and reach English catalogue words',
    async (locale, examples) => {
      const messages = (await import(`../../../../messages/${locale}.json`)) as {
        search: {
          SearchBox: { placeholderDesktop: string };
          PrintReadySearch: { placeholderDesktop: string };
        };
      };
      const placeholders = `${messages.search.SearchBox.placeholderDesktop} ${messages.search.PrintReadySearch.placeholderDesktop}`;
      const dictionary = searchDictionary(locale)!;
      for (const example of examples) {
        expect(placeholders).toContain(example);
        // The example's own word counts where English has it too (a French "dragon").
        const english = termsOf(translateQuery(parseQuery(example), dictionary)).filter((word) =>
          catalogueWords.has(word),
        );
        expect(english, `${locale} "${example}"`).not.toEqual([]);
      }
    },
  );
});
