import { dropCachedModelPages } from '@/features/catalog/server/api';
import { deleteMake } from '@/features/makes/server/commands';
import { hasRole, requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData } from '@/server/http/json';
import { galleryPages } from '@/features/makes/gallery-paths';
import { purgeCachedPages } from '@/server/http/page-cache-purge';

/**
 * The poster deletes their make, an admin removes any: `{ data: { deleted: true } }`, its pictures
 * deleted too. 404 for an unknown make and for another member's, 401 for a guest, 403 without the CSRF
 * header, 429 past 60 deletions an hour.
 */
export function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const { modelId } = await deleteMake({
      user: { id: user.id, isAdmin: hasRole(user, 'admin') },
      rawMakeId: (await params).id,
    });
    purgeCachedPages(galleryPages);
    await dropCachedModelPages(modelId);
    return jsonData({ deleted: true });
  });
}
