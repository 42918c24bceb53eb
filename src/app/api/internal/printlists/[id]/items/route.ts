import { addToPrintlist, printlistIdOf } from '@/features/printlists/server/commands';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData, readJsonBody } from '@/server/http/json';

/** Adds a published print model to the owner's list: JSON `{ modelId }` → `{ outcome }`. */
export function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const outcome = await addToPrintlist(user, printlistIdOf((await params).id), await readJsonBody(request));
    return jsonData({ outcome });
  });
}
