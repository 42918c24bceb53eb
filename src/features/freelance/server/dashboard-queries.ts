/** The freelance dashboard of one user: their projects, applications, deliveries due and earnings. */
import type { SessionUser } from '@/server/auth/session';
import { hasRole } from '@/server/auth/visitor';

import type { ApplicationDto, EarningDto } from '../application-schemas';
import { listDesignerApplications } from './application-repository';
import {
  findAcceptsCustomRequests,
  findProjectWork,
  listDeliveriesDue,
  listEarningEntries,
  listOwnerProjects,
  listWorkMessages,
  sumEarnings,
  type DeliveryDueDto,
  type EarningRowDto,
  type OwnerProjectRowDto,
} from './work-repository';

export interface DashboardData {
  isDesigner: boolean;
  projects: OwnerProjectRowDto[];
  applications: ApplicationDto[];
  deliveriesDue: (DeliveryDueDto & { overdue: boolean })[];
  balanceCents: number;
  earnings: EarningDto[];
  acceptsCustomRequests: boolean;
}

/** Ledger entries grouped per project: the payment (gross), the fee, and what is left (net). */
export function earningsByProject(rows: EarningRowDto[]): EarningDto[] {
  const byProject = new Map<string, EarningDto>();
  for (const row of rows) {
    const key = row.projectId === null ? `entry-${byProject.size}` : `p${row.projectId}`;
    const entry = byProject.get(key) ?? {
      projectId: row.projectId,
      projectTitle: row.projectTitle,
      grossCents: 0,
      feeCents: 0,
      netCents: 0,
      createdAt: row.createdAt,
    };
    if (row.amountCents > 0) entry.grossCents += row.amountCents;
    else entry.feeCents += -row.amountCents;
    entry.netCents += row.amountCents;
    if (row.createdAt > entry.createdAt) entry.createdAt = row.createdAt;
    byProject.set(key, entry);
  }
  return [...byProject.values()];
}

export async function getDashboard(user: SessionUser, now: Date): Promise<DashboardData> {
  const isDesigner = hasRole(user, 'seller');
  const [projects, applications, due, balanceCents, rows, accepts] = await Promise.all([
    listOwnerProjects(user.id),
    isDesigner ? listDesignerApplications(user.id) : Promise.resolve([]),
    isDesigner ? listDeliveriesDue(user.id) : Promise.resolve([]),
    isDesigner ? sumEarnings(user.id) : Promise.resolve(0),
    isDesigner ? listEarningEntries(user.id) : Promise.resolve([]),
    isDesigner ? findAcceptsCustomRequests(user.id) : Promise.resolve(false),
  ]);
  return {
    isDesigner,
    projects,
    applications,
    deliveriesDue: due.map((d) => ({ ...d, overdue: d.dueAt.getTime() < now.getTime() })),
    balanceCents,
    earnings: earningsByProject(rows),
    acceptsCustomRequests: accepts,
  };
}

/** The work panel's data, for the project's owner and accepted designer only (else null). */
export async function getProjectWork(userId: number, projectId: number) {
  const work = await findProjectWork(projectId);
  if (!work || (work.ownerId !== userId && work.designerId !== userId)) return null;
  const messages = work.conversationId === null ? [] : await listWorkMessages(work.conversationId);
  return { work, role: work.ownerId === userId ? ('owner' as const) : ('designer' as const), messages };
}
