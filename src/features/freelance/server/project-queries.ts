/** The jobs board's reads for pages: one project as a viewer may see it (drafts for their owner only). */
import type { SessionUser } from '@/server/auth/session';

import type { ProjectDto } from '../project-schemas';
import { findProject } from './project-repository';

/**
 * A project as `viewer` may see it: drafts and cancelled projects only for their owner; anything else
 * (or no such project) is null, which pages answer with a 404.
 */
export async function getProjectForViewer(
  viewer: SessionUser | null,
  projectId: number,
): Promise<ProjectDto | null> {
  const project = await findProject(projectId);
  if (!project) return null;
  const isOwner = viewer !== null && viewer.id === project.ownerId;
  if ((project.status === 'draft' || project.status === 'cancelled') && !isOwner) return null;
  return project;
}

/** The owner's own project (review and edit pages); null for anyone else. */
export async function getOwnProject(user: SessionUser, projectId: number): Promise<ProjectDto | null> {
  const project = await findProject(projectId);
  return project && project.ownerId === user.id ? project : null;
}
