import { Marked } from 'marked';

import type { FrontMatter } from '../schemas';
import { frontMatterSchema } from '../schemas';

/**
 * Splits `---` front matter (flat `key: value` lines, values optionally double-quoted) from the body.
 * Throws with the file's name on anything else: content is ours, a mistake should fail loudly.
 */
export function parseFrontMatter(source: string, file: string): { data: FrontMatter; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source);
  if (!match) throw new Error(`${file}: missing front matter`);
  const data: Record<string, string> = {};
  for (const line of match[1]!.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    const pair = /^([A-Za-z]+):\s*(.*)$/.exec(line);
    if (!pair) throw new Error(`${file}: bad front matter line "${line}"`);
    const raw = pair[2]!.trim();
    data[pair[1]!] = raw.startsWith('"') ? (JSON.parse(raw) as string) : raw;
  }
  const parsed = frontMatterSchema.safeParse(data);
  if (!parsed.success)
    throw new Error(`${file}: ${parsed.error.issues[0]?.message ?? 'invalid front matter'}`);
  return { data: parsed.data, body: source.slice(match[0].length) };
}

/** Markdown to HTML; site links (`/3d-models`, `/about-us#contacts` …) go through `localizeLink`. */
export function renderMarkdown(body: string, localizeLink: (href: string) => string): string {
  const marked = new Marked({ gfm: true, async: false });
  marked.use({
    walkTokens(token) {
      if (token.type === 'link' && token.href.startsWith('/')) token.href = localizeLink(token.href);
    },
  });
  return marked.parse(body) as string;
}
