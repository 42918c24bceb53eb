import { unsubscribeWithToken } from '@/features/saved-searches/server/commands';
import { AppError, errorHeaders } from '@/server/errors';
import { logger } from '@/server/logger';

/**
 * RFC 8058 one-click unsubscribe: the digest's List-Unsubscribe header points here, and a mail client
 * POSTs `List-Unsubscribe=One-Click` with no cookies. The signed token in the URL is the whole
 * authority (decision 0033), so no session or CSRF token is asked for; a GET changes nothing.
 */
export async function POST(request: Request) {
  const token = new URL(request.url).searchParams.get('token');
  try {
    const outcome = await unsubscribeWithToken(token);
    return new Response(outcome === 'removed' ? 'Unsubscribed.\n' : 'Already unsubscribed.\n', {
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    });
  } catch (error) {
    if (error instanceof AppError)
      return new Response(`${error.message}\n`, {
        status: error.status,
        headers: { 'content-type': 'text/plain; charset=utf-8', ...errorHeaders(error) },
      });
    logger.error({ err: error }, 'one-click unsubscribe failed');
    return new Response('Internal error\n', { status: 500 });
  }
}
