import { getDownloadableFile } from '@/features/custom-models/server/queries';
import { visitorOfRequest } from '@/server/auth/visitor';
import { fileDownload } from '@/server/http/file-download';

/**
 * A reference or result file of a custom-model request, as an attachment: only for the request's
 * buyer, its assigned designer and admins. A guest gets 401; anybody else or an unknown file 404.
 */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const visitor = await visitorOfRequest(request);
  if (!visitor?.user) return new Response('Log in to download this file', { status: 401 });
  const { id } = await params;
  const file = /^\d{1,9}$/.test(id) ? await getDownloadableFile(visitor.user, Number(id)) : null;
  if (!file) return new Response('Not found', { status: 404 });
  return fileDownload(file);
}
