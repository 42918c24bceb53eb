/** Makes and renders as pages show them and the JSON API returns them (decision 0044). */
import { getModelCardsByIds } from '@/features/catalog/server/api';
import { fileUrl } from '@/server/files/store';
import { userPictureSrcSet, userPictureUrl } from '@/server/images/user-pictures';

import { makesPerPage, type GalleryOrder, type MakeCardDto, type RenderDto } from '../schemas';
import {
  countMakes,
  countRenders,
  findMakes,
  findRenders,
  type MakeFilter,
  type MakeRow,
  type RenderRow,
} from './repository';

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageCount: number;
}

async function modelUrls(locale: string, ids: number[]): Promise<Map<number, string>> {
  const cards = await getModelCardsByIds(locale, [...new Set(ids)]);
  return new Map(cards.map((card) => [card.id, card.url]));
}

function toMakeCard(row: MakeRow, urls: Map<number, string>): MakeCardDto {
  return {
    id: row.id,
    description: row.description,
    printer: row.printer,
    material: row.material,
    settings: row.settings,
    likes: row.likes,
    createdAt: row.createdAt.toISOString(),
    maker: { id: row.userId, username: row.username },
    model: { id: row.modelId, title: row.modelTitle, url: urls.get(row.modelId) ?? null },
    pictures: row.pictures.map((picture) => {
      // Stored at 1440 wide at most, smaller when the upload was smaller: the 360 file is shown first.
      const width = Math.min(360, picture.width);
      return {
        src: userPictureUrl(picture.key, 360),
        srcSet: userPictureSrcSet(picture.key),
        width,
        height: Math.round((picture.height * width) / picture.width),
      };
    }),
  };
}

const pageCountOf = (total: number, perPage: number) => Math.max(1, Math.ceil(total / perPage));

/** A page of makes (of a model, of a member, or all); null past the last page. */
export async function getMakesPage(input: {
  locale: string;
  filter: MakeFilter;
  order: GalleryOrder;
  page: number;
  perPage?: number;
}): Promise<Page<MakeCardDto> | null> {
  const perPage = input.perPage ?? makesPerPage;
  const total = await countMakes(input.filter);
  const pageCount = pageCountOf(total, perPage);
  if (input.page > pageCount) return null;
  const rows = await findMakes(input.filter, input.order, perPage, (input.page - 1) * perPage);
  const urls = await modelUrls(
    input.locale,
    rows.map((row) => row.modelId),
  );
  return { items: rows.map((row) => toMakeCard(row, urls)), total, page: input.page, pageCount };
}

/**
 * A make for its own page: a hidden one only for `viewer` its poster or an admin (anyone else, and
 * the anonymous page cache, get null: a 404).
 */
export async function getMake(
  locale: string,
  makeId: number,
  viewer: { id: number; admin: boolean } | null = null,
): Promise<(MakeCardDto & { hidden: boolean }) | null> {
  const [row] = await findMakes({ makeId, includeHidden: true }, 'newest', 1, 0);
  if (!row) return null;
  if (row.hidden && !(viewer && (viewer.admin || viewer.id === row.userId))) return null;
  return { ...toMakeCard(row, await modelUrls(locale, [row.modelId])), hidden: row.hidden };
}

export async function countModelMakes(modelId: number): Promise<number> {
  return countMakes({ modelId });
}

function toRender(row: RenderRow, urls: Map<number, string>): RenderDto {
  const widths = [...row.widths].sort((a, b) => a - b);
  const width = widths.find((w) => w >= 360) ?? widths.at(-1) ?? 360;
  return {
    modelId: row.modelId,
    position: row.position,
    title: row.title,
    designerUsername: row.designerUsername,
    url: urls.get(row.modelId) ?? null,
    image: {
      src: fileUrl(`${row.storageKey}-${width}.webp`),
      srcSet: widths.map((w) => `${fileUrl(`${row.storageKey}-${w}.webp`)} ${w}w`).join(', '),
      width,
      height: Math.round((width * row.aspectPermille) / 1000),
    },
  };
}

/** A page of designers' renders (all, or one designer's); null past the last page. */
export async function getRendersPage(input: {
  locale: string;
  designerId?: number;
  withArtwork?: boolean;
  order: GalleryOrder;
  page: number;
  perPage?: number;
}): Promise<(Page<RenderDto> & { models: number }) | null> {
  const perPage = input.perPage ?? makesPerPage;
  const filter = { designerId: input.designerId, withArtwork: input.withArtwork };
  const { pictures: total, models } = await countRenders(filter);
  const pageCount = pageCountOf(total, perPage);
  if (input.page > pageCount) return null;
  const rows = await findRenders(filter, input.order, perPage, (input.page - 1) * perPage);
  const urls = await modelUrls(
    input.locale,
    rows.map((row) => row.modelId),
  );
  return { items: rows.map((row) => toRender(row, urls)), total, models, page: input.page, pageCount };
}
