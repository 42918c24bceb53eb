import { uploadDeliveryFile } from '@/features/freelance/server/work-commands';
import { workIdParam } from '@/features/freelance/server/work-route-params';
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData } from '@/server/http/json';
import { uploadRefused } from '@/server/http/upload-refusal';

type Context = { params: Promise<{ id: string }> };

/**
 * One file of a coming delivery, as the raw body (`?name=` the file's name): 201 `{ data: { token,
 * fileName, sizeBytes } }`, or the refusal (415 type/content, 413 too large, 400 name/empty).
 */
export function POST(request: Request, { params }: Context) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const id = workIdParam((await params).id);
    const name = new URL(request.url).searchParams.get('name') ?? '';
    const result = await uploadDeliveryFile(user, id, name, request);
    if (result.ok)
      return jsonData(
        { token: result.token, fileName: result.fileName, sizeBytes: result.sizeBytes },
        { status: 201 },
      );
    return uploadRefused(result.refusal);
  });
}
