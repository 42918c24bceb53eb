/**
 * Printlists (issue 25, decision 0048): what a list is, on the server and in the browser. A list holds
 * published print models in the owner's order; a public one has its own page and shows on the owner's
 * profile, a private one is the owner's alone.
 */
import { z } from 'zod';

import { maxDescriptionLength, maxTitleLength, printlistVisibilities } from './limits';

export * from './limits';

export const maxPrintlistsPerUser = 100;
export const maxModelsPerPrintlist = 500;
/** The public index shows this many lists a page. */
export const printlistsPerPage = 24;

export type PrintlistVisibility = (typeof printlistVisibilities)[number];

/** A list's own fields, as the create and edit forms send them. */
export const printlistFieldsSchema = z.object({
  title: z.string().trim().min(1, 'title_required').max(maxTitleLength, 'title_too_long'),
  description: z.string().trim().max(maxDescriptionLength, 'description_too_long').default(''),
  visibility: z.enum(printlistVisibilities, { message: 'visibility_invalid' }),
});
export type PrintlistFields = z.infer<typeof printlistFieldsSchema>;

/** A list as its cards show it: the first models' pictures stand for it. */
export interface PrintlistSummary {
  id: number;
  title: string;
  visibility: PrintlistVisibility;
  ownerUsername: string;
  modelCount: number;
  updatedAt: string;
  /** Up to four small pictures of the first models. */
  previews: string[];
}

/** One of the signed-in user's lists on a model page: whether the model is in it. */
export interface OwnPrintlistChoice {
  id: number;
  title: string;
  visibility: PrintlistVisibility;
  hasModel: boolean;
}
