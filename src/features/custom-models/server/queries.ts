/**
 * The custom-model service's reads. A request is shown to its buyer, its assigned designer and admins;
 * anyone else gets null (the page answers 404).
 */
import type { SessionUser } from '@/server/auth/session';
import { hasRole } from '@/server/auth/visitor';

import type { ViewerRole } from '../schemas';
import {
  countRequestsWaitingForAdmin,
  findDesignerChoices,
  findFileForDownload,
  findRequestDetail,
  findRequestEvents,
  findRequestFiles,
  findSummaries,
} from './repository';

export async function getRequestForViewer(user: SessionUser, id: number) {
  const request = await findRequestDetail(id);
  if (!request) return null;
  const role: ViewerRole | null =
    request.buyerId === user.id
      ? 'buyer'
      : request.designerId === user.id
        ? 'designer'
        : hasRole(user, 'admin')
          ? 'admin'
          : null;
  if (!role) return null;
  const [files, events] = await Promise.all([findRequestFiles(id), findRequestEvents(id)]);
  return { request, role, files, events };
}

export function getBuyerRequests(user: SessionUser) {
  return findSummaries({ buyerId: user.id });
}

export function getAdminQueue() {
  return findSummaries({});
}

export const getDesignerChoices = findDesignerChoices;
export const getWaitingForAdminCount = countRequestsWaitingForAdmin;

/** A stored file for its buyer, assigned designer or an admin; null for anyone else. */
export async function getDownloadableFile(user: SessionUser, fileId: number) {
  const file = await findFileForDownload(fileId);
  if (!file) return null;
  if (file.buyerId !== user.id && file.designerId !== user.id && !hasRole(user, 'admin')) return null;
  return file;
}
