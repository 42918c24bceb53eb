import { removeAvatar } from '@/features/accounts/server/avatar-commands';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData } from '@/server/http/json';
import { profilePages, purgeCachedPages } from '@/server/http/page-cache-purge';

/** The signed-in member goes back to no picture (their initials are shown): `{ data: { avatar: null } }`. */
export function POST(request: Request) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    await removeAvatar(user);
    purgeCachedPages(profilePages(user.username));
    return jsonData({ avatar: null });
  });
}
