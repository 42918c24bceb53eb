/** The two upload routes (files and pictures) answer alike: 201 with the id, or the refusal's status. */
import { requireUser } from '@/server/auth/visitor';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, jsonData } from '@/server/http/json';
import { uploadRefused } from '@/server/http/upload-refusal';

import type { UploadKind } from '../upload-rules';
import { uploadToModel } from './commands';
import { idParam } from './route-params';

export function handleUpload(request: Request, params: Promise<{ id: string }>, kind: UploadKind) {
  return handleJson(async () => {
    const user = requireUser(await verifyMutationRequest(request));
    const id = idParam((await params).id);
    const name = new URL(request.url).searchParams.get('name') ?? '';
    const result = await uploadToModel(user, id, kind, name, request);
    if (result.ok) return jsonData({ id: result.id }, { status: 201 });
    return uploadRefused(result.refusal);
  });
}
