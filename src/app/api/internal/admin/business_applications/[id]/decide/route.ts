import { decideApplication } from '@/features/business/server/admin-commands';
import { requireRole } from '@/server/auth/visitor';
import { AppError } from '@/server/errors';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, readJsonBody } from '@/server/http/json';

/**
 * An admin approves or rejects a business application: JSON `{ decision: 'approved' | 'rejected' }`.
 * 401 guest, 403 not an admin, 404 unknown, 409 already decided.
 */
export function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handleJson(async () => {
    const admin = requireRole(await verifyMutationRequest(request), 'admin');
    const { id } = await params;
    if (!/^\d{1,9}$/.test(id)) throw new AppError('NOT_FOUND', 'No such application');
    return jsonData(await decideApplication(admin.id, Number(id), await readJsonBody(request)));
  });
}
