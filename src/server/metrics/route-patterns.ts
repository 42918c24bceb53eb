/**
 * Which app route a request path belongs to, as Next.js names it (`/[locale]/3d-models/[...path]`,
 * `/api/internal/printlists/[id]/items`): the `route` label of the request metrics. Localized paths
 * (`/de/3d-modelle/…`, English unprefixed) are matched through the locale table's pathnames. The labels
 * are only the app's routes and a few fixed ones, so their number is bounded whatever clients request.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Paths no route claims (a mistyped API call, an unknown file). */
export const unmatchedRoute = '(unmatched)';

interface Node {
  fixed: Map<string, Node>;
  param?: Node;
  catchAll?: string;
  optionalCatchAll?: string;
  route?: string;
}

const newNode = (): Node => ({ fixed: new Map() });

function insert(root: Node, template: string, route: string): void {
  let node = root;
  for (const segment of template.split('/').filter(Boolean)) {
    if (/^\[\[\.\.\.[^\]]+\]\]$/.test(segment)) {
      node.optionalCatchAll ??= route;
      return;
    }
    if (/^\[\.\.\.[^\]]+\]$/.test(segment)) {
      node.catchAll ??= route;
      return;
    }
    if (/^\[[^\]]+\]$/.test(segment)) {
      node = node.param ??= newNode();
      continue;
    }
    let next = node.fixed.get(segment);
    if (!next) node.fixed.set(segment, (next = newNode()));
    node = next;
  }
  node.route ??= route;
}

/** Next's precedence: a fixed segment before a parameter, before a catch-all. */
function find(node: Node, segments: readonly string[], at: number): string | undefined {
  if (at === segments.length) return node.route ?? node.optionalCatchAll;
  const fixed = node.fixed.get(segments[at]!);
  const found =
    (fixed && find(fixed, segments, at + 1)) ?? (node.param && find(node.param, segments, at + 1));
  return found ?? node.catchAll ?? node.optionalCatchAll;
}

export interface LocaleTable {
  locales: readonly string[];
  defaultLocale: string;
  /** next-intl's pathnames: internal path → one path for all locales, or one per locale. */
  pathnames: Record<string, string | Record<string, string>>;
}

export interface RouteSources {
  /** The app's routes as Next names them (`/[locale]/…` for the localized pages, `/api/…`, `/files/[...key]`). */
  appRoutes: readonly string[];
  locales: LocaleTable;
  /** Names at the top of `public/` (`images`, `favicon.ico`): a folder serves everything below it. */
  publicEntries?: readonly { name: string; folder: boolean }[];
}

export type RouteOf = (pathname: string) => string;

export function createRouteMatcher(sources: RouteSources): RouteOf {
  const root = newNode();
  const { locales, defaultLocale, pathnames } = sources.locales;
  const localeRoutes: string[] = [];
  for (const route of sources.appRoutes) {
    if (route === '/[locale]' || route.startsWith('/[locale]/')) {
      localeRoutes.push(route);
      continue;
    }
    if (route.startsWith('/_')) continue; // Next's own error pages, never requested by path.
    insert(root, route, route);
  }
  // Localized paths first, so that a path a locale translates is that locale's before anything else.
  for (const pass of ['localized', 'internal'] as const) {
    for (const route of localeRoutes) {
      const internal = route.slice('/[locale]'.length) || '/';
      const table = pathnames[internal];
      for (const locale of locales) {
        const template =
          pass === 'internal' || table === undefined
            ? internal
            : typeof table === 'string'
              ? table
              : table[locale];
        if (template === undefined) continue;
        insert(root, `/${locale}${template}`, route);
        if (locale === defaultLocale) insert(root, template, route);
      }
    }
  }
  for (const entry of sources.publicEntries ?? []) {
    insert(
      root,
      entry.folder ? `/${entry.name}/[...path]` : `/${entry.name}`,
      entry.folder ? `/${entry.name}/[...path]` : `/${entry.name}`,
    );
  }
  insert(root, '/_next/static/[...path]', '/_next/static/[...path]');
  insert(root, '/_next/image', '/_next/image');

  return (pathname) => {
    const segments = pathname.split('/').filter(Boolean).map(decodeSegment);
    return find(root, segments, 0) ?? unmatchedRoute;
  };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The app's routes: from the build's manifest (`.next/app-path-routes-manifest.json`), or in development,
 * where the manifest grows as pages are compiled, from the files under `src/app`.
 */
export function readAppRoutes(options: { root: string; dev: boolean }): string[] {
  if (!options.dev) {
    const manifest = path.join(options.root, '.next', 'app-path-routes-manifest.json');
    return [
      ...new Set(Object.values(JSON.parse(fs.readFileSync(manifest, 'utf8')) as Record<string, string>)),
    ];
  }
  return scanAppDirectory(path.join(options.root, 'src', 'app'));
}

const metadataFiles: Record<string, string> = { 'robots.ts': 'robots.txt', 'sitemap.ts': 'sitemap.xml' };

function scanAppDirectory(appDir: string): string[] {
  const routes: string[] = [];
  const visit = (dir: string, route: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        // `_private` folders are not routes; `(group)` and `@slot` folders add no segment.
        if (entry.name.startsWith('_')) continue;
        const segment = /^\(.*\)$/.test(entry.name) || entry.name.startsWith('@') ? '' : `/${entry.name}`;
        visit(path.join(dir, entry.name), route + segment);
      } else if (/^(page|route)\.(tsx?|jsx?)$/.test(entry.name)) {
        routes.push(route || '/');
      } else if (metadataFiles[entry.name] || /^(icon|apple-icon|favicon)\.\w+$/.test(entry.name)) {
        routes.push(`${route}/${metadataFiles[entry.name] ?? entry.name}`);
      }
    }
  };
  visit(appDir, '');
  return routes;
}

export function readPublicEntries(root: string): { name: string; folder: boolean }[] {
  try {
    return fs
      .readdirSync(path.join(root, 'public'), { withFileTypes: true })
      .map((entry) => ({ name: entry.name, folder: entry.isDirectory() }));
  } catch {
    return [];
  }
}
