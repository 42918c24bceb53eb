import { uploadProjectImage } from '@/features/freelance/server/project-commands';
import { projectIdParam } from '@/features/freelance/server/project-route-params';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData } from '@/server/http/json';
import { uploadRefused } from '@/server/http/upload-refusal';

type Context = { params: Promise<{ id: string }> };

/**
 * One reference picture (JPG, PNG or WEBP under 25 MB) as the raw body, `?name=` its file name →
 * 201 `{ data: { id: position } }`, or the refusal (`error.refusal`) with its status.
 */
export function POST(request: Request, { params }: Context) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const id = projectIdParam((await params).id);
    const name = new URL(request.url).searchParams.get('name') ?? '';
    const result = await uploadProjectImage(user, id, name, request);
    if (result.ok) return jsonData({ id: result.position }, { status: 201 });
    return uploadRefused(result.refusal);
  });
}
