/**
 * A business account application's lifecycle (DESIGN §4.6, spec §6 "by application"): submitted by
 * the applicant, then approved (a team is created) or rejected by an admin. Decisions are final.
 */
import { AppError } from '@/server/errors';

export type ApplicationStatus = 'submitted' | 'approved' | 'rejected';
export const applicationStatuses: readonly ApplicationStatus[] = ['submitted', 'approved', 'rejected'];

export const applicationTransitions: Readonly<Record<ApplicationStatus, readonly ApplicationStatus[]>> = {
  submitted: ['approved', 'rejected'],
  approved: [],
  rejected: [],
};

export function canTransitionApplication(from: ApplicationStatus, to: ApplicationStatus): boolean {
  return applicationTransitions[from].includes(to);
}

/** A CONFLICT (409) when the application was already decided (by another admin, or a double click). */
export function assertApplicationTransition(from: ApplicationStatus, to: ApplicationStatus): void {
  if (!canTransitionApplication(from, to))
    throw new AppError('CONFLICT', `An application cannot go from ${from} to ${to}`);
}
