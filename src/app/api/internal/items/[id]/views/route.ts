import {
  countModelView,
  isVisitorId,
  newVisitorId,
  visitorCookie,
  visitorCookieMaxAge,
} from '@/features/catalog/server/commands';
import { recordRecentlyViewed } from '@/features/cart/server/commands';
import { env } from '@/env';
import { cookieValue } from '@/server/auth/cookies';
import { AppError } from '@/server/errors';
import { clientGroupOf } from '@/server/http/client-address';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData } from '@/server/http/json';
import { assertWithinRateLimit } from '@/server/http/rate-limit';

/** View reports one address may send a minute (a page view sends one). */
const viewReportsPerMinute = 120;

/**
 * The model page reports that it was seen: `{ data: { views, counted } }`. A visitor counts once per
 * model and day: by their `visitor_id` cookie (set here on the first call), or without it by address
 * and user agent, and only a few visitors a day per address (decision 0039); 429 past 120 reports a
 * minute from one address. A signed-in user's "recently viewed" list (the cart page's) gets the model.
 */
export function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handleJson(async () => {
    const visitor = await verifyMutationRequest(request);
    const { id } = await params;
    const modelId = /^[1-9]\d{0,9}$/.test(id) ? Number(id) : NaN;
    if (!Number.isSafeInteger(modelId) || modelId > 2 ** 31 - 1)
      throw new AppError('NOT_FOUND', 'No such model');
    const address = clientGroupOf(request);
    await assertWithinRateLimit(
      `model_views:${address}`,
      viewReportsPerMinute * env.CLIENT_RATE_LIMIT_FACTOR,
      60_000,
    );
    const given = cookieValue(request.headers.get('cookie'), visitorCookie);
    const visitorId = isVisitorId(given) ? given : null;
    const newId = visitorId ? undefined : newVisitorId();
    const result = await countModelView(modelId, {
      visitorId,
      newVisitorId: newId,
      address,
      userAgent: request.headers.get('user-agent') ?? '',
    });
    if (!result) throw new AppError('NOT_FOUND', 'No such model');
    if (visitor?.user) await recordRecentlyViewed(visitor.user.id, modelId);
    if (!newId) return jsonData(result);
    const secure = new URL(env.publicUrl).protocol === 'https:';
    const cookie = [
      `${visitorCookie}=${newId}`,
      'Path=/',
      `Max-Age=${visitorCookieMaxAge}`,
      'HttpOnly',
      'SameSite=Lax',
      ...(secure ? ['Secure'] : []),
    ].join('; ');
    return jsonData(result, { headers: { 'set-cookie': cookie } });
  });
}
