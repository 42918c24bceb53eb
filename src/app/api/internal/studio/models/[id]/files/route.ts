import { handleUpload } from '@/features/studio/server/upload-route';

type Context = { params: Promise<{ id: string }> };

/**
 * One model file, as the raw body (`?name=` its file name, `Content-Length` required): STL, OBJ,
 * glTF/GLB and 3MF are analysed, other formats kept as they are. 201 `{ data: { id } }`; a wrong type
 * or content 415, too large 413, too many files 409 — refused before anything is stored.
 */
export function POST(request: Request, { params }: Context) {
  return handleUpload(request, params, 'file');
}
