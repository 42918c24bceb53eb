import { cancelProject } from '@/features/freelance/server/project-commands';
import { projectIdParam } from '@/features/freelance/server/project-route-params';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData } from '@/server/http/json';

type Context = { params: Promise<{ id: string }> };

/** The owner cancels a draft or published project with no accepted application; 409 otherwise. */
export function POST(request: Request, { params }: Context) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    await cancelProject(user, projectIdParam((await params).id));
    return jsonData({ cancelled: true });
  });
}
