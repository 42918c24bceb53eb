import { changeUserRole } from '@/features/accounts/server/user-admin';
import { requireRole } from '@/server/auth/visitor';
import { AppError } from '@/server/errors';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, readJsonBody } from '@/server/http/json';

/**
 * An admin grants or revokes a role: JSON `{ role: 'seller' | 'admin', grant: boolean }` → the roles.
 * 401 guest, 403 not an admin, 404 unknown user, 409 removing one's own admin role.
 */
export function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handleJson(async () => {
    const admin = requireRole(await verifyMutationRequest(request), 'admin');
    const { id } = await params;
    if (!/^\d{1,9}$/.test(id)) throw new AppError('NOT_FOUND', 'No such user');
    return jsonData(await changeUserRole(admin.id, Number(id), await readJsonBody(request)));
  });
}
