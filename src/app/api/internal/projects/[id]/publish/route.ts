import { publishProject } from '@/features/freelance/server/project-commands';
import { projectIdParam } from '@/features/freelance/server/project-route-params';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData } from '@/server/http/json';

type Context = { params: Promise<{ id: string }> };

/** The owner publishes a reviewed draft: `{ data: { published: true } }`; 409 from any other state. */
export function POST(request: Request, { params }: Context) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    await publishProject(user, projectIdParam((await params).id));
    return jsonData({ published: true });
  });
}
