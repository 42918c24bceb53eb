import { printlistIdOf, reorderPrintlist } from '@/features/printlists/server/commands';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, readJsonBody } from '@/server/http/json';

/** Puts the owner's list in a new order: JSON `{ modelIds }`, every model of the list once. */
export function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    await reorderPrintlist(user, printlistIdOf((await params).id), await readJsonBody(request));
    return jsonData({ reordered: true });
  });
}
