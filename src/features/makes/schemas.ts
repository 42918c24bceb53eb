/**
 * Makes' rules and shapes, shared by the server and the browser (decision 0044): the optional fields'
 * lengths, the number of pictures, the gallery's views and orders.
 */
import { z } from 'zod';

import { makeFieldLimits } from './limits';

export { makeFieldLimits, makesPerPage, maxMakePictures } from './limits';

const trimmed = (max: number) => z.string().trim().max(max).default('');

const makeFieldsSchema = z.object({
  description: trimmed(makeFieldLimits.description),
  printer: trimmed(makeFieldLimits.printer),
  material: trimmed(makeFieldLimits.material),
  settings: trimmed(makeFieldLimits.settings),
});

export type MakeFields = z.infer<typeof makeFieldsSchema>;

/**
 * The text fields of an upload, or the first field that is too long (its key is the form's error:
 * `<field>_too_long`).
 */
export function parseMakeFields(
  raw: Record<string, unknown>,
): { ok: true; fields: MakeFields } | { ok: false; field: keyof MakeFields } {
  const parsed = makeFieldsSchema.safeParse(raw);
  if (parsed.success) return { ok: true, fields: parsed.data };
  const field = (parsed.error.issues[0]?.path[0] ?? 'description') as keyof MakeFields;
  return { ok: false, field };
}

export const galleryViews = ['makes', 'renders'] as const;
export type GalleryView = (typeof galleryViews)[number];
export const galleryOrders = ['newest', 'most_liked'] as const;
export type GalleryOrder = (typeof galleryOrders)[number];

export interface GalleryQuery {
  view: GalleryView;
  order: GalleryOrder;
  page: number;
}

const one = (value: unknown) => (Array.isArray(value) ? value[0] : value);

/** The gallery page's query; anything unknown falls back to the first view, newest, page 1. */
export function parseGalleryQuery(raw: Record<string, unknown>): GalleryQuery {
  const view = one(raw.view);
  const order = one(raw.sort);
  const page = Number(one(raw.page));
  return {
    view: (galleryViews as readonly unknown[]).includes(view) ? (view as GalleryView) : 'makes',
    order: (galleryOrders as readonly unknown[]).includes(order) ? (order as GalleryOrder) : 'newest',
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

export interface MakePictureDto {
  src: string;
  srcSet: string;
  width: number;
  height: number;
}

/** A make as cards, pages and the JSON API show it. */
export interface MakeCardDto {
  id: number;
  description: string;
  printer: string;
  material: string;
  settings: string;
  likes: number;
  createdAt: string;
  maker: { id: number; username: string };
  /** The model page in the page's locale; null when no card could be built. */
  model: { id: number; title: string; url: string | null };
  pictures: MakePictureDto[];
}

/** A designer's render: one preview picture of a published model. */
export interface RenderDto {
  modelId: number;
  position: number;
  title: string;
  designerUsername: string;
  /** The model page in the page's locale. */
  url: string | null;
  image: MakePictureDto;
}
