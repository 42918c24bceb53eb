import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { parseQuery, printQuery } from './query-language';

const canonical = (input: string) => printQuery(parseQuery(input));

describe('query language: Lucene canonical form', () => {
  it.each([
    ['chair', 'chair'],
    ['red chair', 'red chair'],
    ['+a -b c', '+a -b c'],
    ['a AND b', '+a +b'],
    ['a OR b', 'a b'],
    ['a AND NOT b', '+a -b'],
    ['NOT a', '-a'],
    ['!a b', '-a b'],
    ['a AND -b', '+a -b'],
    ['-a AND b', '-a +b'],
    ['(foo OR bar) AND baz', '+(foo bar) +baz'],
    ['a AND (b OR c)', '+a +(b c)'],
    // Lucene's classic parser: OR does not undo the AND before it.
    ['a AND b OR c', '+a +b c'],
    ['a OR b AND c', 'a +b +c'],
    ['a && b || c', '+a +b c'],
    ['"exact phrase"', '"exact phrase"'],
    ['-"low poly" tree', '-"low poly" tree'],
    ['term*', 'term*'],
    ['te?m', 'te?m'],
    ['t?st*', 't?st*'],
    ['?est', '?est'],
    ['-chair', '-chair'],
    ['+(a b) -(c d)', '+(a b) -(c d)'],
    ['Chaisé', 'Chaisé'],
    ['low-poly', 'low-poly'],
    ['c++', 'c++'],
  ])('%s → %s', (input, expected) => {
    expect(canonical(input)).toBe(expected);
  });

  it.each([
    // An operator must touch its term: the lone minus is a word of its own.
    ['a - b', 'a \\- b'],
    ['a + b', 'a \\+ b'],
    // Upper case only, and only between clauses.
    ['cats and dogs', 'cats and dogs'],
    ['AND a', '\\AND a'],
    ['a AND', 'a \\AND'],
    ['a OR', 'a \\OR'],
    ['a NOT', 'a \\NOT'],
    ['a OR OR b', 'a \\OR b'],
    // Unbalanced quotes and brackets are read literally or closed at the end.
    ['"unclosed phrase', '\\"unclosed phrase'],
    ['(a b', '(a b)'],
    ['a)', 'a \\)'],
    ['()', '()'],
    // Escapes.
    ['a\\ b', 'a\\ b'],
    ['\\-a', '\\-a'],
    ['what\\?', 'what\\?'],
  ])('literal reading: %s → %s', (input, expected) => {
    expect(canonical(input)).toBe(expected);
  });

  it('builds the tree a search compiles', () => {
    expect(parseQuery('+"low poly" -car tr?e pot*')).toEqual({
      kind: 'boolean',
      clauses: [
        { occur: 'must', node: { kind: 'phrase', text: 'low poly' } },
        { occur: 'mustNot', node: { kind: 'term', text: 'car' } },
        {
          occur: 'should',
          node: { kind: 'wildcard', parts: [{ literal: 'tr' }, { wildcard: '?' }, { literal: 'e' }] },
        },
        { occur: 'should', node: { kind: 'prefix', text: 'pot' } },
      ],
    });
  });
});

/** Strings made mostly of the language's own syntax, where a parser breaks. */
const syntaxHeavy = fc.string({
  unit: fc.constantFrom(
    'a',
    'b',
    'é',
    'A',
    'N',
    'D',
    'O',
    'R',
    'T',
    'AND',
    'OR',
    'NOT',
    '&&',
    '||',
    ' ',
    '  ',
    '\t',
    '"',
    '(',
    ')',
    '+',
    '-',
    '!',
    '*',
    '?',
    '\\',
  ),
  maxLength: 80,
});
const anyString = fc.oneof(syntaxHeavy, fc.string({ unit: 'binary', maxLength: 300 }));

describe('query language: properties', () => {
  it('never throws on any string', () => {
    fc.assert(
      fc.property(anyString, (input) => {
        parseQuery(input);
      }),
      { numRuns: 3000 },
    );
  });

  it('parse → print → parse gives the same query', () => {
    fc.assert(
      fc.property(anyString, (input) => {
        const query = parseQuery(input);
        expect(parseQuery(printQuery(query))).toEqual(query);
      }),
      { numRuns: 3000 },
    );
  });

  it('does not overflow on deep brackets', () => {
    expect(() => parseQuery('('.repeat(10_000) + 'a' + ')'.repeat(10_000))).not.toThrow();
  });
});
