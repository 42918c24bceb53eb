import { uploadResult } from '@/features/custom-models/server/upload-commands';
import { idParam, postAction, uploadAnswer } from '@/features/custom-models/server/routes';

type Context = { params: Promise<{ id: string }> };

/** The assigned designer's result file (a model file or a picture) as the raw body, `?name=` its name. */
export function POST(request: Request, { params }: Context) {
  return postAction(request, async (user) => {
    const name = new URL(request.url).searchParams.get('name') ?? '';
    return uploadAnswer(await uploadResult(user, idParam((await params).id), name, request));
  });
}
