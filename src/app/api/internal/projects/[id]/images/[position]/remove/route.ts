import { removeProjectImage } from '@/features/freelance/server/project-commands';
import { imagePositionParam, projectIdParam } from '@/features/freelance/server/project-route-params';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData } from '@/server/http/json';

type Context = { params: Promise<{ id: string; position: string }> };

/** Deletes one of a project's reference pictures (its owner only, while the project is editable). */
export function POST(request: Request, { params }: Context) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const { id, position } = await params;
    await removeProjectImage(user, projectIdParam(id), imagePositionParam(position));
    return jsonData({ removed: true });
  });
}
