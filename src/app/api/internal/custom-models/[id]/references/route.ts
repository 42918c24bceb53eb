import { uploadReference } from '@/features/custom-models/server/upload-commands';
import { idParam, postAction, uploadAnswer } from '@/features/custom-models/server/routes';

type Context = { params: Promise<{ id: string }> };

/** One reference picture (JPG, PNG, WEBP under 25 MB) as the raw body, `?name=` its file name. */
export function POST(request: Request, { params }: Context) {
  return postAction(request, async (user) => {
    const name = new URL(request.url).searchParams.get('name') ?? '';
    return uploadAnswer(await uploadReference(user, idParam((await params).id), name, request));
  });
}
