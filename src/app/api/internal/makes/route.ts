import { z } from 'zod';

import { parseModelId } from '@/features/catalog/api';
import { dropCachedModelPages } from '@/features/catalog/server/api';
import { maxMakePictures, parseMakeFields } from '@/features/makes/api';
import { assertMayPostMake, MakePostingBanned, postMake } from '@/features/makes/server/commands';
import { getMakesPage } from '@/features/makes/server/queries';
import { locales } from '@/i18n/routing';
import { isStorableText } from '@/lib/control-characters';
import { requireUser } from '@/server/auth/visitor';
import { AppError } from '@/server/errors';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, jsonFieldErrors, UnstorableTextError } from '@/server/http/json';
import { galleryPages } from '@/features/makes/gallery-paths';
import { purgeCachedPages } from '@/server/http/page-cache-purge';
import { maxUserPictureBytes, UserPictureRefused } from '@/server/images/user-pictures';

export const dynamic = 'force-dynamic';

const listSchema = z.object({
  model: z.coerce.number().int().min(1).max(2_147_483_647).optional().catch(undefined),
  sort: z.enum(['newest', 'most_liked']).catch('newest'),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
  locale: z.enum(locales).catch('en'),
});

/**
 * Makes, newest (or `sort=most_liked`) first, 24 a page: `?model=<id>` a model's, otherwise the whole
 * gallery's → `{ data: { items, total, page, pageCount } }`; a page past the last is empty. Model URLs
 * are in `locale` (default en).
 */
export function GET(request: Request) {
  return handleJson(async () => {
    const params = new URL(request.url).searchParams;
    const query = listSchema.parse(Object.fromEntries(params));
    const page = await getMakesPage({
      locale: query.locale,
      filter: query.model === undefined ? {} : { modelId: query.model },
      order: query.sort,
      page: query.page,
    });
    return jsonData(page ?? { items: [], total: 0, page: query.page, pageCount: 0 }, {
      headers: { 'cache-control': 'public, max-age=30' },
    });
  });
}

const envelopeBytes = 64 * 1024;
const maxRequestBytes = maxMakePictures * maxUserPictureBytes + envelopeBytes;

const tooLarge = () =>
  Response.json(
    {
      error: {
        code: 'PAYLOAD_TOO_LARGE',
        message: 'Picture too large',
        fieldErrors: { pictures: 'picture_too_large' },
      },
    },
    { status: 413, headers: { 'cache-control': 'no-store' } },
  );

function textOf(form: FormData, name: string): string {
  const value = form.get(name);
  if (value !== null && typeof value !== 'string')
    throw new AppError('BAD_REQUEST', `"${name}" must be text`);
  if (value !== null && !isStorableText(value)) throw new UnstorableTextError(name);
  return value ?? '';
}

/**
 * A signed-in member posts a make (decision 0044): multipart `modelId`, `pictures` (1–6 JPG, PNG or
 * WebP files, each up to 15 MB, recognised by their bytes), optional `description`, `printer`,
 * `material`, `settings` → `201 { data: { id } }`. 400 `fieldErrors.pictures` `picture_type`,
 * `picture_dimensions`, `pictures_missing` or `pictures_too_many`, `<field>: too_long`; 413
 * `picture_too_large`; 400 `formError: banned` for a member a moderator banned from posting; 404 for a
 * model that is not published; 429 past 10 makes an hour.
 */
export function POST(request: Request) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const declared = Number(request.headers.get('content-length') ?? 0);
    if (declared > maxRequestBytes) return tooLarge();
    try {
      await assertMayPostMake(user.id);
    } catch (error) {
      if (error instanceof MakePostingBanned) return jsonFieldErrors({}, 'banned');
      throw error;
    }
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      throw new AppError(
        'BAD_REQUEST',
        'Expected a multipart upload with the fields "modelId" and "pictures"',
      );
    }
    const fields = parseMakeFields({
      description: textOf(form, 'description'),
      printer: textOf(form, 'printer'),
      material: textOf(form, 'material'),
      settings: textOf(form, 'settings'),
    });
    if (!fields.ok) return jsonFieldErrors({ [fields.field]: 'too_long' });
    const files = form
      .getAll('pictures')
      .filter((file): file is File => file instanceof Blob && file.size > 0);
    if (files.length === 0) return jsonFieldErrors({ pictures: 'pictures_missing' });
    if (files.length > maxMakePictures) return jsonFieldErrors({ pictures: 'pictures_too_many' });
    if (files.some((file) => file.size > maxUserPictureBytes)) return tooLarge();
    try {
      const id = await postMake({
        userId: user.id,
        rawModelId: textOf(form, 'modelId'),
        fields: fields.fields,
        pictures: await Promise.all(files.map(async (file) => Buffer.from(await file.arrayBuffer()))),
      });
      purgeCachedPages(galleryPages);
      // The model page's "Makes (N)": a guest sees the new make at once.
      const modelId = parseModelId(textOf(form, 'modelId'));
      if (modelId !== null) await dropCachedModelPages(modelId);
      return jsonData({ id }, { status: 201 });
    } catch (error) {
      if (!(error instanceof UserPictureRefused)) throw error;
      return error.reason === 'picture_too_large' ? tooLarge() : jsonFieldErrors({ pictures: error.reason });
    }
  });
}
