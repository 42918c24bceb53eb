import { dropCachedModelPages } from '@/features/catalog/server/api';
import { galleryPages } from '@/features/makes/gallery-paths';
import { moderateMake } from '@/features/makes/server/moderation-commands';
import { requireRole } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, readJsonBody } from '@/server/http/json';
import { profilePages, purgeCachedPages } from '@/server/http/page-cache-purge';

/**
 * Admins moderate a make (from the queue or its page): JSON `{ action: 'hide' | 'unhide' }` or
 * `{ action: 'ban', days: 1 | 7 | 30 | 365 }` → `{ data: { action } }`; the make's open reports are
 * resolved. 400 bad body, 401 guest, 403 not an admin or no CSRF, 404 no such make.
 */
export function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handleJson(async () => {
    const admin = requireRole(await verifyMutationRequest(request), 'admin');
    const done = await moderateMake(admin, (await params).id, await readJsonBody(request));
    if (done.action !== 'ban') {
      purgeCachedPages(galleryPages, profilePages(done.posterUsername));
      await dropCachedModelPages(done.modelId);
    }
    return jsonData({ action: done.action });
  });
}
