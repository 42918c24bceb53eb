import { setAcceptsCustomRequests } from '@/features/freelance/server/work-commands';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, jsonFieldErrors, readJsonBody } from '@/server/http/json';

/** A designer's switch "Accept custom 3D project requests": JSON `{ accepts: boolean }`; 403 for others. */
export function POST(request: Request) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const result = await setAcceptsCustomRequests(user, await readJsonBody(request));
    return result.ok ? jsonData({ ok: true }) : jsonFieldErrors(result.fieldErrors);
  });
}
