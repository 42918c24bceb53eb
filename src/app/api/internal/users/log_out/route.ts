import { deleteSession } from '@/server/auth/session';
import { clearSessionCookie } from '@/server/auth/session-cookies';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData } from '@/server/http/json';

/** Log out: deletes the session row (the old cookie is worthless from now on) and clears the cookie. */
export function POST(request: Request) {
  return handleJson(async () => {
    const visitor = await verifyMutationRequest(request);
    if (visitor) await deleteSession(visitor.session.id);
    const response = jsonData({ loggedOut: true });
    clearSessionCookie(response);
    return response;
  });
}
