import { withdrawApplication } from '@/features/freelance/server/application-commands';
import { workIdParam } from '@/features/freelance/server/work-route-params';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData } from '@/server/http/json';

type Context = { params: Promise<{ id: string }> };

/** Its designer withdraws an undecided application: 200, 409 once decided, 404 for anybody else. */
export function POST(request: Request, { params }: Context) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    await withdrawApplication(user, workIdParam((await params).id));
    return jsonData({ withdrawn: true });
  });
}
