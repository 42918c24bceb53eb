import { cookies } from 'next/headers';

import {
  countModelView,
  isVisitorId,
  newVisitorId,
  visitorCookie,
  visitorCookieMaxAge,
} from '@/features/catalog/server/commands';
import { recordRecentlyViewed } from '@/features/cart/server/commands';
import { env } from '@/env';
import { AppError } from '@/server/errors';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData } from '@/server/http/json';

/**
 * The model page reports that it was seen: `{ data: { views, counted } }`. A visitor counts once per
 * model and day (their `visitor_id` cookie, set here on the first call); a signed-in user's "recently
 * viewed" list (the cart page's) gets the model.
 */
export function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handleJson(async () => {
    const visitor = await verifyMutationRequest(request);
    const { id } = await params;
    const modelId = /^[1-9]\d{0,9}$/.test(id) ? Number(id) : NaN;
    if (!Number.isSafeInteger(modelId) || modelId > 2 ** 31 - 1)
      throw new AppError('NOT_FOUND', 'No such model');
    const jar = await cookies();
    const given = jar.get(visitorCookie)?.value;
    const visitorId = isVisitorId(given) ? given : newVisitorId();
    const result = await countModelView(modelId, visitorId);
    if (!result) throw new AppError('NOT_FOUND', 'No such model');
    if (visitor?.user) await recordRecentlyViewed(visitor.user.id, modelId);
    if (visitorId !== given) {
      jar.set(visitorCookie, visitorId, {
        httpOnly: true,
        sameSite: 'lax',
        secure: new URL(env.publicUrl).protocol === 'https:',
        path: '/',
        maxAge: visitorCookieMaxAge,
      });
    }
    return jsonData(result);
  });
}
