import { getDownload } from '@/features/orders/server/queries';
import { visitorOfRequest } from '@/server/auth/visitor';
import { fileDownload } from '@/server/http/file-download';

/**
 * A purchased file: only for its buyer, through a signed link that expires (made on the purchases
 * page). A guest gets 401; anybody else, a wrong or old link, or an unknown file gets 404.
 */
export async function GET(request: Request, { params }: { params: Promise<{ fileId: string }> }) {
  const visitor = await visitorOfRequest(request);
  if (!visitor?.user) return new Response('Log in to download your purchases', { status: 401 });
  const { fileId } = await params;
  const url = new URL(request.url);
  const file = /^\d{1,10}$/.test(fileId)
    ? await getDownload(Number(fileId), visitor.user.id, {
        expires: url.searchParams.get('expires'),
        signature: url.searchParams.get('signature'),
      })
    : null;
  if (!file) return new Response('Not found', { status: 404 });
  return fileDownload(file);
}
