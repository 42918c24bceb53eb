import { routing, type Locale } from './routing';

/** Letters without their accents: "modèles" → "modeles", "impressão" → "impressao". */
function withoutAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '');
}

/** Each locale's served first path segments that have a localized form (the listings, the jobs board). */
const servedSegments: Map<Locale, Set<string>> = new Map(
  routing.locales.map((locale) => {
    const segments = new Set<string>();
    for (const target of Object.values(routing.pathnames)) {
      if (typeof target === 'string') continue;
      const first = (target as Record<Locale, string>)[locale].split('/')[1];
      if (first && !first.startsWith('[')) segments.add(first);
    }
    return [locale, segments];
  }),
);

/**
 * Spec §2 writes some listing slugs with their accents (`/fr/3d-modèles`, `/fr/3d-imprimer-modèles`,
 * `/pt/3d-impressão-modelos`); the site serves them without (decision 0002). For such a path (as the
 * request has it, percent-encoded, composed or decomposed), the served path with the rest of it
 * unchanged; null for any other path.
 */
export function servedPathOfAccentedSlug(pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (/^[\x00-\x7f]*$/.test(decoded)) return null;
  const [, prefix, segment, ...rest] = decoded.split('/');
  const locale = routing.locales.find((l) => l === prefix);
  if (!locale || segment === undefined) return null;
  const served = withoutAccents(segment.normalize('NFC'));
  if (served === segment || !servedSegments.get(locale)?.has(served)) return null;
  return ['', locale, served, ...rest].map((part) => encodeURIComponent(part)).join('/');
}
