import { printlistIdOf, removePrintlist } from '@/features/printlists/server/commands';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData } from '@/server/http/json';

/** Deletes the owner's list (its models stay where they are). */
export function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    await removePrintlist(user, printlistIdOf((await params).id));
    return jsonData({ deleted: true });
  });
}
