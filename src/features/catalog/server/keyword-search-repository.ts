import { and, or, sql, type SQL } from 'drizzle-orm';

import { parseQuery, type BooleanQuery, type QueryNode, type WildcardPart } from '@/lib/query-language';
import { models } from '@/server/db/schema/catalog';

/**
 * Compiles the query language (lib/query-language.ts) to conditions on `models` (DESIGN §5): words,
 * phrases and prefixes against the stored, GIN-indexed `search_vector` (unaccented title and tags);
 * `?`/`*` wildcards as a word-bounded regular expression over `search_text` (the trigram-indexed,
 * unaccented, lower-cased title and tags), narrowed first by the indexed prefix before the wildcard.
 */

/** What the trigram index `models_search_text_trgm_idx` holds; the migration repeats it. */
export const searchText = sql`lower(f_unaccent(${models.title} || ' ' || immutable_array_to_string(${models.tags}, ' ')))`;

/** Terms without letters or digits (`-`, `…`) are dropped, as Lucene's analyzer drops them. */
const wordPieces = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);

const exactWords = (text: string) =>
  sql`${models.searchVector} @@ phraseto_tsquery('simple', f_unaccent(${text}))`;

const prefixQuery = (word: string) => sql`to_tsquery('simple', quote_literal(f_unaccent(${word})) || ':*')`;

function prefixCondition(text: string): SQL | null {
  const pieces = wordPieces(text);
  const last = pieces.pop();
  if (last === undefined) return null;
  const tsquery = pieces.length
    ? sql`tsquery_phrase(phraseto_tsquery('simple', f_unaccent(${pieces.join(' ')})), ${prefixQuery(last)})`
    : prefixQuery(last);
  return sql`${models.searchVector} @@ ${tsquery}`;
}

/** Lower case without diacritics, as `f_unaccent` + `lower` leave the searched text. */
const foldCase = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const escapeRegExp = (text: string) => text.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&');

function wildcardCondition(parts: WildcardPart[]): SQL | null {
  const pattern = parts
    .map((part) =>
      'literal' in part
        ? escapeRegExp(foldCase(part.literal))
        : part.wildcard === '?'
          ? '[[:alnum:]]'
          : '[[:alnum:]]*',
    )
    .join('');
  const regex = sql`${searchText} ~ ${`\\m${pattern}\\M`}`;
  const head = parts[0];
  const leadingWord = head && 'literal' in head ? wordPieces(head.literal)[0] : undefined;
  // Every match starts with the leading literal's first word: the word index narrows before the
  // regex. One or two letters narrow nothing (`p:*` is a fifth of the catalogue): trigrams do better.
  return leadingWord && leadingWord.length >= 3
    ? sql`(${models.searchVector} @@ ${prefixQuery(leadingWord)} and ${regex})`
    : regex;
}

function nodeCondition(node: QueryNode): SQL | null {
  switch (node.kind) {
    case 'term':
    case 'phrase':
      return wordPieces(node.text).length ? exactWords(node.text) : null;
    case 'prefix':
      return prefixCondition(node.text);
    case 'wildcard':
      return wildcardCondition(node.parts);
    case 'boolean':
      return booleanCondition(node).where;
  }
}

/**
 * Lucene's boolean semantics: every `must`, no `mustNot`, and — only when nothing is required — at
 * least one `should`. A query of exclusions alone matches everything else (`-chair`: all but
 * chairs). `scoring` are the optional conditions whose matches rank a model higher.
 */
function booleanCondition(query: BooleanQuery): {
  where: SQL | null;
  scoring: SQL[];
  allScoring: SQL | null;
} {
  const must: SQL[] = [];
  const mustNot: SQL[] = [];
  const should: SQL[] = [];
  for (const clause of query.clauses) {
    const condition = nodeCondition(clause.node);
    if (!condition) continue;
    ({ must, mustNot, should })[clause.occur].push(condition);
  }
  const required = [...must, ...mustNot.map((condition) => sql`not (${condition})`)];
  const conditions = must.length === 0 && should.length > 0 ? [...required, or(...should)!] : required;
  // Required terms match every result; optional ones order them.
  const scoring = should.length > 1 || (should.length === 1 && must.length > 0) ? should : [];
  return {
    where: conditions.length ? and(...conditions)! : null,
    scoring,
    allScoring: scoring.length ? and(...required, ...should)! : null,
  };
}

export interface KeywordSearch {
  /** Null when the query has nothing to search for (only operators or symbols): no narrowing. */
  where: SQL | null;
  /** How many of the query's optional terms a model matches; null when that cannot differ. */
  matchCount: SQL | null;
  /** Models matching every optional term too (the best matches); null with `matchCount`. */
  matchesAll: SQL | null;
}

export function compileKeywords(keywords: string): KeywordSearch {
  const { where, scoring, allScoring } = booleanCondition(parseQuery(keywords));
  const matchCount =
    scoring.length > 0
      ? sql.join(
          scoring.map((condition) => sql`(case when ${condition} then 1 else 0 end)`),
          sql` + `,
        )
      : null;
  return { where, matchCount, matchesAll: allScoring };
}
