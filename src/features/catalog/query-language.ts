/**
 * The search query language (spec §5, DESIGN §5) with Lucene's classic-parser semantics, default
 * operator OR: bare terms are optional ("should": at least one must match, more matches rank higher),
 * `+term` must match, `-term` / `!term` / `NOT term` must not, `a AND b` makes both required, `a OR b`
 * leaves both optional, `"exact phrase"`, `pref*`, `te?t` (one character), `(…)` groups.
 *
 * The parser never throws: whatever it cannot read as syntax it reads literally. An operator must
 * touch its term (`a - b` is three words; the lone `-` has no letters and is dropped when searching);
 * `AND`, `OR` and `NOT` are operators only in upper case and between clauses; an unclosed quote or
 * parenthesis, or a stray closing one, is an ordinary character. `printQuery` writes Lucene's
 * canonical form (`a AND NOT b` → `+a -b`), and parsing what it prints gives the same query back.
 */

export type Occur = 'should' | 'must' | 'mustNot';

/** A wildcard pattern: literal text and `?` (exactly one character) / `*` (any number). */
export type WildcardPart = { literal: string } | { wildcard: '?' | '*' };

export type QueryNode =
  | { kind: 'term'; text: string }
  | { kind: 'phrase'; text: string }
  | { kind: 'prefix'; text: string }
  | { kind: 'wildcard'; parts: WildcardPart[] }
  | BooleanQuery;

export interface BooleanQuery {
  kind: 'boolean';
  clauses: Clause[];
}

export interface Clause {
  occur: Occur;
  node: QueryNode;
}

type Conjunction = 'none' | 'and' | 'or';
/** Deeper brackets are read literally (no one nests 32 groups; the parser must not overflow). */
const maxGroupDepth = 32;
type Modifier = 'none' | 'required' | 'prohibited';

const isSpace = (ch: string | undefined) => ch !== undefined && /\s/u.test(ch);
/** Characters that end a term unless escaped. */
const isTermEnd = (ch: string | undefined) =>
  ch === undefined || isSpace(ch) || ch === '(' || ch === ')' || ch === '"';

class Parser {
  private pos = 0;
  constructor(private readonly input: string) {}

  parse(): BooleanQuery {
    return { kind: 'boolean', clauses: this.clauses(0) };
  }

  private peek(offset = 0) {
    return this.input[this.pos + offset];
  }

  private skipSpace() {
    while (isSpace(this.peek())) this.pos++;
  }

  /** The unescaped word at the cursor (up to a space or bracket), to recognise keywords. */
  private word(): string {
    let end = this.pos;
    while (!isTermEnd(this.input[end]) && this.input[end] !== '\\') end++;
    return isTermEnd(this.input[end]) ? this.input.slice(this.pos, end) : '';
  }

  /** Whether a clause follows `length` characters ahead (after spaces), not the end of a group. */
  private clauseFollows(length: number, depth: number): boolean {
    let at = this.pos + length;
    while (isSpace(this.input[at])) at++;
    const next = this.input[at];
    return next !== undefined && !(next === ')' && depth > 0);
  }

  private clauses(depth: number): Clause[] {
    const clauses: Clause[] = [];
    let conjunction: Conjunction = 'none';
    for (;;) {
      this.skipSpace();
      const ch = this.peek();
      if (ch === undefined) return clauses;
      if (ch === ')' && depth > 0) {
        this.pos++;
        return clauses;
      }
      const word = this.word();
      if (clauses.length > 0 && conjunction === 'none' && this.clauseFollows(word.length, depth)) {
        if (word === 'AND' || word === '&&') {
          this.pos += word.length;
          conjunction = 'and';
          continue;
        }
        if (word === 'OR' || word === '||') {
          this.pos += word.length;
          conjunction = 'or';
          continue;
        }
      }
      let modifier: Modifier = 'none';
      if (word === 'NOT' && this.clauseFollows(3, depth)) {
        this.pos += 3;
        this.skipSpace();
        modifier = 'prohibited';
      } else if ((ch === '+' || ch === '-' || ch === '!') && this.touchesClause(depth)) {
        this.pos++;
        modifier = ch === '+' ? 'required' : 'prohibited';
      }
      addClause(clauses, conjunction, modifier, this.clauseBody(depth));
      conjunction = 'none';
    }
  }

  /** A `+`, `-` or `!` is an operator only when its clause follows without a space. */
  private touchesClause(depth: number) {
    const next = this.peek(1);
    return next !== undefined && !isSpace(next) && !(next === ')' && depth > 0);
  }

  private clauseBody(depth: number): QueryNode {
    const ch = this.peek();
    if (ch === '(' && depth < maxGroupDepth) {
      this.pos++;
      return { kind: 'boolean', clauses: this.clauses(depth + 1) };
    }
    if (ch === '"') {
      const phrase = this.phrase();
      if (phrase) return phrase;
    }
    return this.term();
  }

  /** `"…"` up to the next unescaped quote; null (read literally) when it is never closed. */
  private phrase(): QueryNode | null {
    let text = '';
    for (let at = this.pos + 1; at < this.input.length; at++) {
      const ch = this.input[at]!;
      if (ch === '\\' && at + 1 < this.input.length) {
        text += this.input[++at];
      } else if (ch === '"') {
        this.pos = at + 1;
        return { kind: 'phrase', text };
      } else {
        text += ch;
      }
    }
    return null;
  }

  /**
   * A term up to a space or bracket. Its first character is always taken (a stray quote or closing
   * bracket is literal there); `\` escapes the next character; unescaped `?` and `*` are wildcards.
   */
  private term(): QueryNode {
    const parts: WildcardPart[] = [];
    const addLiteral = (ch: string) => {
      const last = parts.at(-1);
      if (last && 'literal' in last) last.literal += ch;
      else parts.push({ literal: ch });
    };
    let first = true;
    while (this.pos < this.input.length && (first || !isTermEnd(this.peek()))) {
      const ch = this.peek()!;
      if (ch === '\\' && this.pos + 1 < this.input.length) {
        addLiteral(this.input[this.pos + 1]!);
        this.pos += 2;
      } else {
        if (ch === '?' || ch === '*') parts.push({ wildcard: ch });
        else addLiteral(ch);
        this.pos++;
      }
      first = false;
    }
    return termNode(parts);
  }
}

function termNode(parts: WildcardPart[]): QueryNode {
  const wildcards = parts.filter((part) => 'wildcard' in part);
  if (wildcards.length === 0) return { kind: 'term', text: literalText(parts) };
  const [head, tail] = parts;
  if (parts.length === 2 && head && 'literal' in head && tail && 'wildcard' in tail && tail.wildcard === '*')
    return { kind: 'prefix', text: head.literal };
  return { kind: 'wildcard', parts };
}

const literalText = (parts: WildcardPart[]) =>
  parts.map((part) => ('literal' in part ? part.literal : '')).join('');

/** Lucene's `QueryParserBase.addClause` for the default operator OR. */
function addClause(clauses: Clause[], conjunction: Conjunction, modifier: Modifier, node: QueryNode) {
  const previous = clauses.at(-1);
  if (previous && conjunction === 'and' && previous.occur !== 'mustNot') previous.occur = 'must';
  const prohibited = modifier === 'prohibited';
  const required = modifier === 'required' || (conjunction === 'and' && !prohibited);
  clauses.push({ occur: prohibited ? 'mustNot' : required ? 'must' : 'should', node });
}

export function parseQuery(input: string): BooleanQuery {
  return new Parser(input).parse();
}

/* Printing ----------------------------------------------------------------------------------------- */

const keywords = new Set(['AND', 'OR', 'NOT', '&&', '||']);

/** Escapes what the parser would read as syntax inside a term. */
function escapeTermText(text: string, position: 'start' | 'inside'): string {
  let out = '';
  for (const [i, ch] of [...text].entries()) {
    const special =
      ch === '\\' ||
      ch === '"' ||
      ch === '(' ||
      ch === ')' ||
      ch === '?' ||
      ch === '*' ||
      isSpace(ch) ||
      (i === 0 && position === 'start' && (ch === '+' || ch === '-' || ch === '!'));
    out += special ? `\\${ch}` : ch;
  }
  // A term that reads as a keyword is escaped; so is an empty one (a lone `\` keeps its place).
  if (position === 'start' && keywords.has(text)) return `\\${text}`;
  return out;
}

function printNode(node: QueryNode): string {
  switch (node.kind) {
    case 'term':
      return node.text === '' ? '""' : escapeTermText(node.text, 'start');
    case 'phrase':
      return `"${node.text.replace(/[\\"]/g, (ch) => `\\${ch}`)}"`;
    case 'prefix':
      return `${escapeTermText(node.text, 'start')}*`;
    case 'wildcard':
      return node.parts
        .map((part, i) =>
          'literal' in part ? escapeTermText(part.literal, i === 0 ? 'start' : 'inside') : part.wildcard,
        )
        .join('');
    case 'boolean':
      return `(${printClauses(node.clauses)})`;
  }
}

const occurPrefix: Record<Occur, string> = { should: '', must: '+', mustNot: '-' };

function printClauses(clauses: Clause[]): string {
  return clauses.map((clause) => `${occurPrefix[clause.occur]}${printNode(clause.node)}`).join(' ');
}

/** Lucene's canonical string of a query: `+a -b c "x y" pre* te?t (d e)`. */
export function printQuery(query: BooleanQuery): string {
  return printClauses(query.clauses);
}
