/** Reads for the application pages: who may see what is decided here (anybody else: null → 404). */
import { openProjectStatuses } from '../freelance-lifecycle';
import type { SessionUser } from '@/server/auth/session';
import { hasRole } from '@/server/auth/visitor';
import { fileUrl } from '@/server/files/store';

import type { ApplicationDto, PortfolioChoiceDto } from '../application-schemas';
import {
  findApplication,
  findDesignerApplication,
  findProjectHead,
  listPortfolioChoices,
  listProjectApplications,
  type ProjectHeadDto,
} from './application-repository';

export type ApplyPageData =
  | { kind: 'not_found' }
  | { kind: 'not_designer'; project: ProjectHeadDto }
  | { kind: 'closed'; project: ProjectHeadDto; application: ApplicationDto | null }
  | {
      kind: 'form';
      project: ProjectHeadDto;
      application: ApplicationDto | null;
      choices: PortfolioChoiceDto[];
    };

/** The apply page: a published project of somebody else, for a designer. */
export async function getApplyPage(
  user: SessionUser,
  projectId: number,
  now = new Date(),
): Promise<ApplyPageData> {
  const project = await findProjectHead(projectId);
  if (!project || project.ownerId === user.id || project.status === 'draft') return { kind: 'not_found' };
  if (!hasRole(user, 'seller')) return { kind: 'not_designer', project };
  const application = await findDesignerApplication(projectId, user.id);
  if (
    !openProjectStatuses.includes(project.status) ||
    project.deadline.getTime() <= now.getTime() ||
    (application && application.status !== 'submitted')
  )
    return { kind: 'closed', project, application };
  return { kind: 'form', project, application, choices: await listPortfolioChoices(user.id) };
}

/** One application: for its designer (to edit or withdraw) or the project's owner (to review). */
export async function getApplicationPage(
  user: SessionUser,
  projectId: number,
  applicationId: number,
): Promise<{
  application: ApplicationDto;
  role: 'designer' | 'owner';
  choices: PortfolioChoiceDto[];
} | null> {
  const application = await findApplication(applicationId);
  if (!application || application.projectId !== projectId) return null;
  if (application.designerId === user.id)
    return {
      application,
      role: 'designer',
      choices: application.status === 'submitted' ? await listPortfolioChoices(user.id) : [],
    };
  if (application.projectOwnerId === user.id && application.status !== 'withdrawn')
    return { application, role: 'owner', choices: [] };
  return null;
}

export type ApplicationSort = 'price' | 'delivery' | 'rating';

/** The owner's comparison of a project's applications, sorted; null for anybody else. */
export async function getProjectApplications(
  user: SessionUser,
  projectId: number,
  sort: ApplicationSort = 'price',
): Promise<{ project: ProjectHeadDto; applications: ApplicationDto[] } | null> {
  const project = await findProjectHead(projectId);
  if (!project || project.ownerId !== user.id) return null;
  const applications = await listProjectApplications(projectId);
  const by: Record<ApplicationSort, (a: ApplicationDto, b: ApplicationDto) => number> = {
    price: (a, b) => a.priceCents - b.priceCents || a.id - b.id,
    delivery: (a, b) => a.deliveryDays - b.deliveryDays || a.priceCents - b.priceCents || a.id - b.id,
    rating: (a, b) =>
      b.designerRating - a.designerRating || b.designerRatingCount - a.designerRatingCount || a.id - b.id,
  };
  return { project, applications: [...applications].sort(by[sort]) };
}

export function avatarImage(key: string | null): { small: string; large: string } | null {
  return key ? { small: fileUrl(`${key}-64.webp`), large: fileUrl(`${key}-160.webp`) } : null;
}
