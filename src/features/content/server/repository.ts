/** Reads the Markdown content of `content/` (pages and blog posts), per locale. */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

import { parseFrontMatter } from './markdown';

const contentRoot = path.join(process.cwd(), 'content');

export interface RawDocument {
  slug: string;
  data: ReturnType<typeof parseFrontMatter>['data'];
  body: string;
}

async function readDocument(folder: string, slug: string, locale: string): Promise<RawDocument | null> {
  const file = path.join(contentRoot, folder, slug, `${locale}.md`);
  try {
    const source = await readFile(file, 'utf8');
    return { slug, ...parseFrontMatter(source, path.relative(process.cwd(), file)) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

export function readPage(slug: string, locale: string) {
  return readDocument('pages', slug, locale);
}

export function readBlogPost(slug: string, locale: string) {
  return readDocument('blog', slug, locale);
}

export async function listBlogSlugs(): Promise<string[]> {
  const entries = await readdir(path.join(contentRoot, 'blog'), { withFileTypes: true });
  return entries.filter((e) => e.isDirectory()).map((e) => e.name);
}
