import { idParam } from '@/features/studio/server/route-params';
import { getStudioFiles } from '@/features/studio/server/queries';
import { requireUser, visitorOfRequest } from '@/server/auth/visitor';
import { AppError } from '@/server/errors';
import { handleJson, jsonData } from '@/server/http/json';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

/** The model's files and the state of their analyses (the studio page polls it while they run). */
export function GET(request: Request, { params }: Context) {
  return handleJson(async () => {
    const user = requireUser(await visitorOfRequest(request));
    const files = await getStudioFiles(user, idParam((await params).id));
    if (!files) throw new AppError('NOT_FOUND', 'No such model');
    return jsonData(files);
  });
}
