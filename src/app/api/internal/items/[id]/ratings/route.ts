import { NextResponse } from 'next/server';

import { parseModelId } from '@/features/catalog/api';
import { pageParamSchema } from '@/features/catalog/schemas';
import { dropCachedModelPages } from '@/features/catalog/server/api';
import type { RateRefusal } from '@/features/ratings/api';
import { rateModel } from '@/features/ratings/server/commands';
import { getModelReviews } from '@/features/ratings/server/queries';
import { requireUser } from '@/server/auth/visitor';
import { AppError } from '@/server/errors';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, jsonFieldErrors, readJsonBody } from '@/server/http/json';

export const dynamic = 'force-dynamic';

/**
 * A published model's community rating and its reviews, newest first, 10 a page:
 * `{ data: { ratingAverage, ratingCount, reviews: [{ id, stars, body, hidden, author, createdAt,
 * editedAt, reply }], total, page, pageCount } }`; 404 for an unknown model or a page past the end.
 */
export function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handleJson(async () => {
    const modelId = parseModelId((await params).id);
    const page = pageParamSchema.parse(new URL(request.url).searchParams.get('page') ?? undefined);
    const reviews = modelId === null ? null : await getModelReviews(modelId, page);
    if (!reviews) throw new AppError('NOT_FOUND', 'No such model or page');
    return jsonData(reviews);
  });
}

const refusalMessages: Record<RateRefusal, string> = {
  own_model: 'Designers do not rate their own models',
  not_a_buyer: 'Only those who bought or downloaded this model can rate it',
  banned:
    'A moderator has stopped you from posting for a while; stars without a review text are still possible',
};

/**
 * The signed-in buyer rates the model: `{ stars: 0–5, body? }` → 201 (first time) or 200 (changed),
 * `{ data: { ratingId, ratingAverage, ratingCount } }`. 403 `{ error: { formError } }` with
 * `not_a_buyer`, `own_model` or `banned` (a posting ban covers a review's text, not stars alone); 400 with `fieldErrors`; 404 for an unknown or unpublished model;
 * 401 for a guest; 403 without the CSRF header; 429 past 30 an hour.
 */
export function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const result = await rateModel(user, (await params).id, await readJsonBody(request));
    if (!result.ok) {
      if ('fieldErrors' in result) return jsonFieldErrors(result.fieldErrors);
      return NextResponse.json(
        {
          error: {
            code: 'FORBIDDEN',
            message: refusalMessages[result.refusal],
            formError: result.refusal,
          },
        },
        { status: 403, headers: { 'cache-control': 'no-store' } },
      );
    }
    const { ratingId, ratingAverage, ratingCount } = result;
    const modelId = parseModelId((await params).id);
    if (modelId !== null) await dropCachedModelPages(modelId);
    return jsonData({ ratingId, ratingAverage, ratingCount }, { status: result.created ? 201 : 200 });
  });
}
