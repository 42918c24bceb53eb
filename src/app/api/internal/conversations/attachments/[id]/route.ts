import { getAttachment } from '@/features/conversations/server/queries';
import { visitorOfRequest } from '@/server/auth/visitor';
import { fileDownload } from '@/server/http/file-download';

/**
 * A file sent in a conversation, for its participants only (404 for anyone else, admins included;
 * 401 for a guest), always as a download.
 */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const visitor = await visitorOfRequest(request);
  if (!visitor?.user) return new Response('Log in to download this file', { status: 401 });
  const file = await getAttachment(visitor.user, (await params).id);
  if (!file) return new Response('Not found', { status: 404 });
  return fileDownload(file);
}
