import { printlistIdOf, removeFromPrintlist } from '@/features/printlists/server/commands';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, readJsonBody } from '@/server/http/json';

/** Takes a model out of the owner's list: JSON `{ modelId }`. */
export function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    await removeFromPrintlist(user, printlistIdOf((await params).id), await readJsonBody(request));
    return jsonData({ removed: true });
  });
}
