import { Marked, type Tokens } from 'marked';

/**
 * Markdown written by users (forum posts, tutorials, comments, reviews), rendered to HTML that is safe
 * to put in a page as it is: raw HTML is shown as text, links go only to http(s), mailto or this site
 * and carry `rel="nofollow ugc"`, pictures come only from this site's file store (no tracking pixels,
 * no mixed content). One renderer for every feature, so the rules are the same everywhere.
 */
export interface UserMarkdownOptions {
  /** Site links (`/3d-models/…`) through the locale's prefix, as the content pages do. */
  localizeLink?: (href: string) => string;
}

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => escapes[c]!);
}

/** A link target users may point to: this site (a path, not `//host`), http(s) or mailto. */
export function safeLinkTarget(href: string): string | null {
  const trimmed = href.trim();
  if (/^\/(?!\/)/.test(trimmed) || trimmed.startsWith('#')) return trimmed;
  try {
    const url = new URL(trimmed);
    if (url.protocol === 'https:' || url.protocol === 'http:' || url.protocol === 'mailto:') return url.href;
  } catch {
    return null;
  }
  return null;
}

/** A picture users may show: one of this site's stored files. */
export function safeImageSource(src: string): string | null {
  return /^\/files\/[A-Za-z0-9/_.-]+$/.test(src) && !src.includes('..') ? src : null;
}

function createRenderer(options: UserMarkdownOptions): Marked {
  const marked = new Marked({ gfm: true, breaks: true, async: false });
  marked.use({
    renderer: {
      html({ text }: Tokens.HTML | Tokens.Tag) {
        return escapeHtml(text);
      },
      link(token: Tokens.Link) {
        const label = this.parser.parseInline(token.tokens);
        const target = safeLinkTarget(token.href);
        if (target === null) return label;
        const href = target.startsWith('/') && options.localizeLink ? options.localizeLink(target) : target;
        const title = token.title ? ` title="${escapeHtml(token.title)}"` : '';
        const external = target.startsWith('/') || target.startsWith('#') ? '' : ' target="_blank"';
        return `<a href="${escapeHtml(href)}"${title} rel="nofollow ugc noopener"${external}>${label}</a>`;
      },
      image(token: Tokens.Image) {
        const source = safeImageSource(token.href);
        if (source === null) return escapeHtml(token.text);
        return `<img src="${escapeHtml(source)}" alt="${escapeHtml(token.text)}" loading="lazy" decoding="async">`;
      },
    },
  });
  return marked;
}

/** User Markdown to safe HTML. */
export function renderUserMarkdown(text: string, options: UserMarkdownOptions = {}): string {
  return createRenderer(options).parse(text) as string;
}

/**
 * The site paths a text links to on lines of their own (a pasted model URL), in order, each once:
 * features show such a link as a card. `origin` is the site's own address, so a pasted full URL of
 * this site counts too.
 */
export function standaloneSitePaths(text: string, origin: string): string[] {
  const paths = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed.startsWith(origin + '/')) paths.add(trimmed.slice(origin.length).split(/[?#]/)[0]!);
    else if (/^\/[^\s/][^\s]*$/.test(trimmed)) paths.add(trimmed.split(/[?#]/)[0]!);
  }
  return [...paths];
}
