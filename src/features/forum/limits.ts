/**
 * The forum's limits and quoting, without zod: the browser's forms load this, not `api.ts` (zod is
 * 108 KB of script; `src/client-imports.test.ts`).
 */
export const maxTitleLength = 120;

export const minTitleLength = 5;

export const maxBodyLength = 10_000;

/** A quote of a post for the reply box: each line behind `> `, headed by who wrote it. */
export function quoteOf(author: string, body: string): string {
  const lines = body
    .trim()
    .split(/\r?\n/)
    .map((line) => (line ? `> ${line}` : '>'));
  return `> **@${author}**:\n${lines.join('\n')}\n\n`;
}
