import { z } from 'zod';

/** Long-form pages kept as Markdown in `content/pages/{slug}/{locale}.md`. */
export const contentPages = ['about-us', 'press', 'careers', 'sell-3d-models', 'datasets'] as const;
export type ContentPageSlug = (typeof contentPages)[number];

export const frontMatterSchema = z.object({
  title: z.string().min(1),
  description: z.string().min(1).max(200),
  date: z.iso.date().optional(),
  author: z.string().optional(),
  readingMinutes: z.coerce.number().int().positive().optional(),
});
export type FrontMatter = z.infer<typeof frontMatterSchema>;

export interface ContentDocument extends FrontMatter {
  slug: string;
  /** Rendered HTML (from Markdown files in the repository, written by us). */
  html: string;
}

export type BlogPostSummary = Omit<ContentDocument, 'html'> & { date: string };
