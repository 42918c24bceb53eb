/**
 * The custom-model service's reads that decide who sees what. A request is shown to its buyer, its
 * assigned designer and admins; anyone else gets null (the page answers 404).
 */
import type { SessionUser } from '@/server/auth/session';
import { hasRole } from '@/server/auth/visitor';

import { trackingViewOf, viewerRoleOf } from '../tracking';
import {
  findDesignerChoices,
  findFileForDownload,
  findRequestDetail,
  findRequestEvents,
  findRequestFiles,
} from './repository';

/** A request's tracking page for its viewer: the request, their part, its files and history, what they may do. */
export async function getRequestForViewer(user: SessionUser, id: number) {
  const request = await findRequestDetail(id);
  if (!request) return null;
  const role = viewerRoleOf(request, { id: user.id, isAdmin: hasRole(user, 'admin') });
  if (!role) return null;
  const [files, events] = await Promise.all([findRequestFiles(id), findRequestEvents(id)]);
  const tracking = trackingViewOf(request, role, files);
  const designerChoices = tracking.choosesDesigner ? await findDesignerChoices() : [];
  return { request, role, files, events, tracking, designerChoices };
}

/** A stored file for its buyer, assigned designer or an admin; null for anyone else. */
export async function getDownloadableFile(user: SessionUser, fileId: number) {
  const file = await findFileForDownload(fileId);
  if (!file) return null;
  if (file.buyerId !== user.id && file.designerId !== user.id && !hasRole(user, 'admin')) return null;
  return file;
}
