import { handleUpload } from '@/features/studio/server/upload-route';

type Context = { params: Promise<{ id: string }> };

/** One picture (JPG, PNG or WEBP under 25 MB) as the raw body, `?name=` its file name; answers as files do. */
export function POST(request: Request, { params }: Context) {
  return handleUpload(request, params, 'picture');
}
