import fs from 'node:fs';
import path from 'node:path';

import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';

import { languageTags, locales } from './routing';

type Tree = { [key: string]: string | Tree };
const load = (locale: string) =>
  JSON.parse(
    fs.readFileSync(path.join(import.meta.dirname, '../../messages', `${locale}.json`), 'utf8'),
  ) as Tree;
const flatten = (tree: Tree, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string'
        ? [[`${prefix}${key}`, value]]
        : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  );
const placeholders = (message: string) =>
  [...new Set([...message.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((m) => m[1]))].sort();

const english = flatten(load('en'));

describe.each(locales.filter((l) => l !== 'en'))('messages/%s.json', (locale) => {
  const messages = flatten(load(locale));

  it('has exactly the English keys', () => {
    expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
  });

  it('has valid ICU messages with the same placeholders', () => {
    for (const [key, message] of Object.entries(messages)) {
      expect(() => new IntlMessageFormat(message, languageTags[locale]), key).not.toThrow();
      expect(placeholders(message), key).toEqual(placeholders(english[key]!));
    }
  });

  it('is translated, not an English copy', () => {
    const same = Object.keys(english).filter(
      (key) => messages[key] === english[key] && /[a-z]{4,} [a-z]{4,}/i.test(english[key]!),
    );
    // Company names and a few loanwords may be identical; whole English sentences may not.
    expect(same.filter((key) => !key.endsWith('.company'))).toEqual([]);
  });
});
