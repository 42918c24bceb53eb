/** Reads an entry from its request: JSON for a model, multipart for a render (decision 0046). */
import { AppError } from '@/server/errors';
import { jsonData, jsonFieldErrors, readJsonBody } from '@/server/http/json';
import { maxUserPictureBytes, UserPictureRefused } from '@/server/images/user-pictures';
import { isStorableText } from '@/lib/control-characters';

import { modelEntrySchema, renderTitleSchema } from '../schemas';
import { assertRenderEntryOpen, submitModelEntry, submitRenderEntry } from './commands';

/** The multipart envelope around the file and its title. */
const envelopeBytes = 64 * 1024;

const tooLarge = () =>
  Response.json(
    {
      error: {
        code: 'PAYLOAD_TOO_LARGE',
        message: 'Picture too large',
        fieldErrors: { file: 'picture_too_large' },
      },
    },
    { status: 413, headers: { 'cache-control': 'no-store' } },
  );

export async function castEntryFromRequest(
  request: Request,
  userId: number,
  challengeId: number,
  now: Date,
): Promise<Response> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.startsWith('multipart/form-data')) {
    const parsed = modelEntrySchema.safeParse(await readJsonBody(request));
    if (!parsed.success) return jsonFieldErrors({ modelId: 'invalid_modelId' });
    const id = await submitModelEntry(userId, challengeId, parsed.data.modelId, now);
    return jsonData({ id }, { status: 201 });
  }
  // Refuse before reading a large body: a closed contest or a second entry stores nothing.
  await assertRenderEntryOpen(userId, challengeId, now);
  if (Number(request.headers.get('content-length') ?? 0) > maxUserPictureBytes + envelopeBytes)
    return tooLarge();
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new AppError('BAD_REQUEST', 'Expected a multipart upload with the fields "file" and "title"');
  }
  const file = form.get('file');
  const titleText = form.get('title');
  const title = renderTitleSchema.safeParse(typeof titleText === 'string' ? titleText : '');
  if (!title.success || !isStorableText(title.data)) return jsonFieldErrors({ title: 'invalid_title' });
  if (!(file instanceof Blob)) return jsonFieldErrors({ file: 'picture_type' });
  if (file.size > maxUserPictureBytes) return tooLarge();
  try {
    const id = await submitRenderEntry(
      userId,
      challengeId,
      title.data,
      Buffer.from(await file.arrayBuffer()),
      now,
    );
    return jsonData({ id }, { status: 201 });
  } catch (error) {
    if (!(error instanceof UserPictureRefused)) throw error;
    return error.reason === 'picture_too_large' ? tooLarge() : jsonFieldErrors({ file: error.reason });
  }
}
