import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { parseQuery, printQuery, type QueryNode } from './query-language';
import { formsStartingWith, readSearchDictionary, splitIntoForms, translateQuery } from './query-translation';

const german = readSearchDictionary(
  [
    'chair\tstuhl|stühle',
    'phone\thandy|handys|telefon',
    'mobile\thandy|mobil',
    'holder\thalter|halterung',
    'box\tbox|kiste|schachtel',
    'dragon\tdrache|drachen',
    'stand\tständer|halter',
    'cog\tzahnrad',
    'gear\tzahnrad|getriebe',
    'iphone\t=',
    'xyz\t-',
  ].join('\n'),
  'compounds',
);
const japanese = readSearchDictionary(
  [
    'chair\t椅子|いす|チェア',
    'phone\tスマホ|電話',
    'stand\tスタンド',
    'red\t赤い|赤',
    'dragon\tドラゴン|竜',
  ].join('\n'),
  'no-space',
);
const french = readSearchDictionary(
  ['keychain\tporte-clés|porte-clefs', 'chair\tchaise|chaises'].join('\n'),
  'none',
);

/** The words a node can match, as the index reads them. */
function termsOf(node: QueryNode): string[] {
  if (node.kind === 'boolean') return node.clauses.flatMap((clause) => termsOf(clause.node));
  return node.kind === 'wildcard' ? [] : [node.text];
}

const printed = (input: string, dictionary = german) =>
  printQuery(translateQuery(parseQuery(input), dictionary));

describe('translateQuery', () => {
  it('widens a word to its English words, keeping the word itself, in its place', () => {
    expect(printed('Stuhl')).toBe('(Stuhl chair)');
    expect(printed('Stühle')).toBe('(Stühle chair)');
    expect(printed('+drache -stuhl')).toBe('+(drache dragon) -(stuhl chair)');
    // A form of several English words widens to the most frequent (the dictionary's first line).
    expect(printed('handy')).toBe('(handy phone)');
    expect(printed('halter')).toBe('(halter holder)');
    expect(printed('Zahnrad')).toBe('(Zahnrad cog)');
  });

  it('leaves English, unknown words, phrases, prefixes and wildcards alone', () => {
    expect(printed('box')).toBe('box');
    expect(printed('iphone xyz')).toBe('iphone xyz');
    expect(printed('"stuhl kiste" stu* st?hl')).toBe('"stuhl kiste" stu* st?hl');
  });

  it('splits a German compound into its forms, each a word of its own', () => {
    expect(printed('Handyhalter')).toBe('(handy phone) (halter holder)');
    expect(printed('+Handyhalter')).toBe('+((handy phone) (halter holder))');
    expect(printed('Drachenkiste')).toBe('(drachen dragon) (kiste box)');
    // Not wholly made of forms: left as typed.
    expect(printed('Handyhülle')).toBe('Handyhülle');
  });

  it('segments Japanese by the longest forms, keeping the characters no form covers', () => {
    // The parts are folded as the index folds words (the voicing mark goes: スタンド → スタント).
    expect(printed('スマホスタンド', japanese)).toBe('(スマホ phone) (スタント stand)');
    expect(splitIntoForms('赤い椅子です', japanese)).toEqual(['赤い', '椅子', 'です']);
    expect(printed('椅子', japanese)).toBe('(椅子 chair)');
  });

  it('reads a form of several words (porte-clés) where the visitor typed it', () => {
    expect(printed('porte-clés', french)).toBe('(porte-clés keychain)');
    expect(printed('chaises', french)).toBe('(chaises chair)');
  });

  it('widens a form of an English phrase to its words, as an English visitor types them', () => {
    const phrases = readSearchDictionary(
      [
        'chess\tschach|schachspiel',
        'set\tset|satz',
        'chess set\tschachspiel|schachset|juego de ajedrez',
        'penholder\tstiftehalter',
        'pen holder\tstiftehalter|porta lapis',
        'key chain\tkeychain|key chain',
        'lamp\tlampe',
        'light fixture\tlampe|leuchte',
      ].join('\n'),
      'compounds',
    );
    const withPhrases = (input: string) => printQuery(translateQuery(parseQuery(input), phrases));
    // The phrase's line wins over the word's line that lists the same form.
    expect(withPhrases('Schachspiel')).toBe('Schachspiel chess set');
    expect(withPhrases('+Schachspiel holz')).toBe('+(Schachspiel (+chess +set)) holz');
    // Words typed one after another that together are a form, found where they were typed.
    expect(withPhrases('rotes juego de ajedrez')).toBe('rotes "juego de ajedrez" chess set');
    expect(withPhrases('porta lápis azul')).toBe('"porta lápis" pen holder azul');
    // The phrase also takes a form from its words written together.
    expect(withPhrases('Stiftehalter')).toBe('Stiftehalter pen holder');
    // Not all optional words: read word by word.
    expect(withPhrases('porta +lápis')).toBe('porta +lápis');
    // Its English spaced another way is no form; a phrase takes no form from a word it does not contain.
    expect(withPhrases('keychain key chain')).toBe('keychain key chain');
    expect(withPhrases('Lampe Leuchte')).toBe('(Lampe lamp) Leuchte light fixture');
  });

  it('lists the forms that begin with what was typed, as written, the most frequent English first', () => {
    const typed = (text: string) => formsStartingWith(german, text, 3).map((form) => form.text);
    // Folded as the index folds words: "stü" is "stu"; one form for chair, the shortest.
    expect(typed('Stü')).toEqual(['stuhl']);
    expect(typed('stühle')).toEqual(['stühle']);
    // "halter" is holder's before it is stand's; "box" is English too: no suggestion of its own.
    expect(formsStartingWith(german, 'halt', 3)).toEqual([
      { key: 'halter', text: 'halter', english: 'holder', rank: 3 },
    ]);
    expect(typed('box')).toEqual([]);
    expect(typed('  ')).toEqual([]);
  });

  it('never drops or changes a word of the query that is not a compound, whatever it is (property)', () => {
    const words = fc.constantFrom('stuhl', 'box', '"a b"', 'x*', '+drache', '-kiste', 'AND', 'OR', '(', ')');
    fc.assert(
      fc.property(fc.array(words, { maxLength: 8 }), fc.string({ maxLength: 20 }), (parts, noise) => {
        const query = parseQuery([...parts, noise].join(' '));
        const translated = translateQuery(query, german);
        const before = termsOf(query);
        const after = termsOf(translated);
        for (const word of before) expect(after).toContain(word);
        // Clauses stay where they were, with their occurs (no compound here is split).
        expect(translated.clauses.map((clause) => clause.occur)).toEqual(
          query.clauses.map((clause) => clause.occur),
        );
        // What it prints reads back as the same query.
        expect(parseQuery(printQuery(translated))).toEqual(translated);
      }),
    );
  });
});
