/**
 * Search within the forum with the catalogue's query language (spec §5): a thread matches when its
 * title or one of its visible posts matches the query. Terms match as substrings, case-insensitively
 * (ILIKE), phrases as their text, `pref*` and `te?t` as LIKE patterns.
 */
import { sql, type SQL } from 'drizzle-orm';

import { parseQuery, type BooleanQuery, type QueryNode } from '@/features/catalog/api';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The LIKE pattern of one node that is not a boolean group, or null when it has no letters. */
export function likePatternOf(node: Exclude<QueryNode, BooleanQuery>): string | null {
  const text =
    node.kind === 'wildcard'
      ? node.parts
          .map((part) => ('literal' in part ? escapeLike(part.literal) : part.wildcard === '?' ? '_' : '%'))
          .join('')
      : escapeLike(node.text);
  if (!/[\p{L}\p{N}]/u.test(text)) return null;
  return `%${text}%`;
}

function conditionOf(node: QueryNode, text: SQL): SQL | null {
  if (node.kind !== 'boolean') {
    const pattern = likePatternOf(node);
    return pattern === null ? null : sql`${text} ilike ${pattern}`;
  }
  const must: SQL[] = [];
  const should: SQL[] = [];
  const mustNot: SQL[] = [];
  for (const clause of node.clauses) {
    const condition = conditionOf(clause.node, text);
    if (condition === null) continue;
    (clause.occur === 'must' ? must : clause.occur === 'mustNot' ? mustNot : should).push(condition);
  }
  const parts = [...must];
  // Lucene: with no required clause, at least one optional one must match.
  if (must.length === 0 && should.length > 0) parts.push(sql`(${sql.join(should, sql` or `)})`);
  for (const condition of mustNot) parts.push(sql`not (${condition})`);
  if (parts.length === 0) return null;
  return sql`(${sql.join(parts, sql` and `)})`;
}

/** The query as a condition on `text`; null for a query with nothing to search for. */
export function forumQueryCondition(query: string, text: SQL): SQL | null {
  return conditionOf(parseQuery(query), text);
}
