import { getSlicerDownload } from '@/features/orders/server/queries';
import { fileDownload } from '@/server/http/file-download';

/**
 * A purchased or freely downloaded file, fetched by a desktop slicer (decision 0059): no session, the
 * signed path names the buyer and expires after fifteen minutes. The last segment is the file's name, for
 * the slicer to know its format. A wrong, old or forged link, or a file no longer owned, gets 404.
 */
export async function GET(
  _request: Request,
  { params }: { params: Promise<{ fileId: string; token: string; fileName: string }> },
) {
  const { fileId, token } = await params;
  const file = /^\d{1,10}$/.test(fileId) ? await getSlicerDownload(Number(fileId), token) : null;
  if (!file) return new Response('Not found', { status: 404 });
  return fileDownload(file, { direct: true });
}
