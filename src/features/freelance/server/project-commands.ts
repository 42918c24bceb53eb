/**
 * The jobs board's writes for project owners (decision 0023). Every command checks the user and the
 * project's owner itself: another user's project is "not found" (404), like one that does not exist.
 */
import { randomBytes } from 'node:crypto';

import {
  contentMatches,
  headBytes,
  isAcceptableFileName,
  maxPictureBytes,
  pictureFormats,
} from '@/features/geometry/api';
import { fileExtension } from '@/features/geometry/api';
import type { SessionUser } from '@/server/auth/session';
import { getDb, type Database, type Transaction } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { deleteFile, writeFile } from '@/server/files/store';
import { assertWithinRateLimit } from '@/server/http/rate-limit';
import { openUploadBody } from '@/server/http/upload-body';
import { storePreview } from '@/server/images/previews';

import { assertProjectTransition, isProjectEditable, type ProjectStatus } from '../freelance-lifecycle';
import { maxReferenceImages, validateProject, type ProjectFieldErrors } from '../project-schemas';
import {
  countProjectImages,
  deleteProjectImage,
  findDesignerByUsername,
  findProjectOwnerId,
  hasAcceptedApplication,
  insertDraftProject,
  insertProjectImage,
  lockImagePositions,
  lockProjectState,
  setOwnProjectStatus,
  thumbnailKeyOf,
  updateProjectDetails,
} from './project-repository';

/** New projects per user and day. */
export const newProjectsPerDay = 20;
/** Reference-picture uploads per user and hour. */
export const projectUploadsPerHour = 60;

/** Spec §8, word for word. */
export const noCustomRequestsMessage = 'This designer does not accept custom 3D Project requests';

export type ProjectResult =
  | { ok: true; id: number }
  | { ok: false; fieldErrors: ProjectFieldErrors; formError?: 'not_editable' | 'no_custom_requests' };

/**
 * The project of `ownerId` (locked for update, or shared outside a transaction), and whether it may
 * still be changed: draft or published, no application accepted. Null for anyone else's project.
 */
async function lockOwnProject(
  tx: Transaction | Database,
  projectId: number,
  ownerId: number,
  lock: 'update' | 'share' = 'update',
) {
  const row = await lockProjectState(tx, projectId, lock);
  if (!row || row.ownerId !== ownerId) return null;
  const accepted = await hasAcceptedApplication(tx, projectId);
  const editable = isProjectEditable(row) && !accepted;
  return { ...row, editable };
}

/** Who owns a project, its status, and whether it may still be edited (read without a lock). */
async function findProjectOwner(
  projectId: number,
): Promise<{ ownerId: number; status: ProjectStatus; editable: boolean } | null> {
  const db = await getDb();
  const ownerId = await findProjectOwnerId(db, projectId);
  if (ownerId === null) return null;
  const project = await lockOwnProject(db, projectId, ownerId, 'share');
  return project ? { ownerId: project.ownerId, status: project.status, editable: project.editable } : null;
}

/**
 * A project as a draft. With `designer` (a username), a direct custom request to that designer: refused
 * with the spec's message when they take none (nothing is created), "not found" when there is no such
 * designer, or when it is the owner themself.
 */
export async function createProject(
  user: SessionUser,
  input: Record<string, unknown>,
  now = new Date(),
): Promise<ProjectResult> {
  let invitedDesignerId: number | null = null;
  const designer = typeof input.designer === 'string' ? input.designer.trim() : '';
  if (designer !== '') {
    const found = await findDesignerByUsername(designer);
    if (!found || found.id === user.id) throw new AppError('NOT_FOUND', 'No such designer');
    if (!found.acceptsCustomRequests) return { ok: false, fieldErrors: {}, formError: 'no_custom_requests' };
    invitedDesignerId = found.id;
  }
  const checked = validateProject(input, now);
  if (!checked.ok) return checked;
  await assertWithinRateLimit(`freelance_new_project:user:${user.id}`, newProjectsPerDay, 86_400_000, now);
  const id = await insertDraftProject(user.id, checked.value, invitedDesignerId, now);
  return { ok: true, id };
}

/** The owner changes a project while it is a draft or published and no application is accepted. */
export async function updateProject(
  user: SessionUser,
  projectId: number,
  input: Record<string, unknown>,
  now = new Date(),
): Promise<ProjectResult> {
  const owner = await findProjectOwner(projectId);
  if (!owner || owner.ownerId !== user.id) throw new AppError('NOT_FOUND', 'No such project');
  const checked = validateProject(input, now);
  if (!checked.ok) return checked;
  const db = await getDb();
  return db.transaction(async (tx): Promise<ProjectResult> => {
    const project = await lockOwnProject(tx, projectId, user.id);
    if (!project) throw new AppError('NOT_FOUND', 'No such project');
    if (!project.editable) return { ok: false, fieldErrors: {}, formError: 'not_editable' };
    await updateProjectDetails(tx, projectId, checked.value, now);
    return { ok: true, id: projectId };
  });
}

/** Draft → published (the owner reviewed the listing). 409 from any other state. */
export async function publishProject(user: SessionUser, projectId: number, now = new Date()): Promise<void> {
  await transitionOwnProject(user, projectId, 'published', now);
}

/** Draft or published → cancelled, while no application is accepted. 409 otherwise. */
export async function cancelProject(user: SessionUser, projectId: number, now = new Date()): Promise<void> {
  await transitionOwnProject(user, projectId, 'cancelled', now);
}

/** The owner's step under the project's lock; the lifecycle table decides (a cancel also needs it editable). */
async function transitionOwnProject(
  user: SessionUser,
  projectId: number,
  to: 'published' | 'cancelled',
  now: Date,
): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const project = await lockOwnProject(tx, projectId, user.id);
    if (!project) throw new AppError('NOT_FOUND', 'No such project');
    const refused = new AppError('CONFLICT', `A ${project.status} project cannot be ${to}`);
    try {
      assertProjectTransition(project.status, to);
    } catch {
      throw refused;
    }
    if (to === 'cancelled' && !project.editable) throw refused;
    await setOwnProjectStatus(tx, projectId, to, now);
  });
}

export type ImageRefusal = 'type' | 'too_large' | 'empty' | 'content' | 'name' | 'limit' | 'not_editable';
export type ImageUploadResult = { ok: true; position: number } | { ok: false; refusal: ImageRefusal };

/** The checks made before a byte is read: a sensible name, a picture extension, a size under 25 MB. */
export function checkImageRequest(
  fileName: string,
  declaredBytes: number,
): { ok: true; format: string } | { ok: false; refusal: ImageRefusal } {
  if (!isAcceptableFileName(fileName)) return { ok: false, refusal: 'name' };
  const format = fileExtension(fileName);
  if (!(pictureFormats as readonly string[]).includes(format)) return { ok: false, refusal: 'type' };
  if (!Number.isFinite(declaredBytes) || declaredBytes <= 0) return { ok: false, refusal: 'empty' };
  if (declaredBytes >= maxPictureBytes) return { ok: false, refusal: 'too_large' };
  return { ok: true, format };
}

const contentTypes: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/**
 * Stores one reference picture of an own, still editable project: checked by name, type and declared
 * size before the body is read, by its first bytes before anything is written; kept as sent (the full
 * picture) with a 360 px WebP thumbnail.
 */
export async function uploadProjectImage(
  user: SessionUser,
  projectId: number,
  fileName: string,
  request: Request,
  { now = new Date(), filesRoot }: { now?: Date; filesRoot?: string } = {},
): Promise<ImageUploadResult> {
  const owner = await findProjectOwner(projectId);
  if (!owner || owner.ownerId !== user.id) throw new AppError('NOT_FOUND', 'No such project');
  if (!owner.editable) return { ok: false, refusal: 'not_editable' };
  await assertWithinRateLimit(`freelance_upload:user:${user.id}`, projectUploadsPerHour, 3_600_000, now);
  const checked = checkImageRequest(fileName, Number(request.headers.get('content-length') ?? NaN));
  if (!checked.ok) return checked;
  if ((await countProjectImages(projectId)) >= maxReferenceImages) return { ok: false, refusal: 'limit' };
  const body = await openUploadBody(request, {
    maxBytes: maxPictureBytes - 1,
    headBytes,
    tooLarge: 'The file is too large',
  });
  if (!contentMatches(checked.format, body.head, body.declaredBytes)) {
    await body.cancel();
    return { ok: false, refusal: 'content' };
  }
  const parts: Uint8Array[] = [];
  for await (const chunk of body.chunks()) parts.push(chunk);
  const data = Buffer.concat(parts);
  const base = `previews/projects/p${projectId}-${randomBytes(8).toString('hex')}`;
  const storageKey = `${base}.${checked.format}`;
  try {
    await storePreview(base, data, filesRoot);
  } catch {
    return { ok: false, refusal: 'content' };
  }
  await writeFile(storageKey, data, filesRoot);
  const position = await addProjectImage(
    projectId,
    { storageKey, contentType: contentTypes[checked.format] ?? 'image/jpeg', sizeBytes: data.length },
    now,
  );
  if (position === null) {
    await removeStored(storageKey, filesRoot);
    return { ok: false, refusal: 'limit' };
  }
  return { ok: true, position };
}

/** Adds a picture at the next position, under the project's lock; null when it has the most already. */
async function addProjectImage(
  projectId: number,
  image: { storageKey: string; contentType: string; sizeBytes: number },
  now: Date,
): Promise<number | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const positions = await lockImagePositions(tx, projectId);
    if (positions.length >= maxReferenceImages) return null;
    const position = positions.reduce((max, p) => Math.max(max, p + 1), 0);
    await insertProjectImage(tx, projectId, position, image, now);
    return position;
  });
}

async function removeStored(storageKey: string, filesRoot?: string) {
  const base = storageKey.replace(/\.[a-z0-9]+$/, '');
  await Promise.all(
    [storageKey, thumbnailKeyOf(storageKey), `${base}-120.webp`, `${base}-720.webp`].map((key) =>
      deleteFile(key, filesRoot).catch(() => {}),
    ),
  );
}

export async function removeProjectImage(
  user: SessionUser,
  projectId: number,
  position: number,
  { filesRoot }: { filesRoot?: string } = {},
): Promise<void> {
  const owner = await findProjectOwner(projectId);
  if (!owner || owner.ownerId !== user.id) throw new AppError('NOT_FOUND', 'No such project');
  if (!owner.editable) throw new AppError('CONFLICT', 'The project can no longer be changed');
  const storageKey = await deleteProjectImage(projectId, position);
  if (!storageKey) throw new AppError('NOT_FOUND', 'No such picture');
  await removeStored(storageKey, filesRoot);
}
