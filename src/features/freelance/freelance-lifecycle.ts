/**
 * The jobs board's lifecycles (DESIGN §4.6), shared by the database enums and the freelance rules.
 *
 * A project is a draft until its owner has reviewed the listing and published it; published while
 * designers apply; in progress once the owner accepted one application (and paid the agreed price);
 * delivered when the designer sent files; back in progress on a revision request; completed when the
 * owner approves (the designer is paid); cancelled by its owner before work starts; disputed when either
 * side asks an admin to step in after work started.
 */
import { LifecycleTransitionError } from '@/lib/lifecycle';

export const projectStatuses = [
  'draft',
  'published',
  'in_progress',
  'delivered',
  'completed',
  'cancelled',
  'disputed',
] as const;
export type ProjectStatus = (typeof projectStatuses)[number];

export const projectTransitions: Readonly<Record<ProjectStatus, readonly ProjectStatus[]>> = {
  draft: ['published', 'cancelled'],
  published: ['in_progress', 'cancelled'],
  in_progress: ['delivered', 'disputed'],
  delivered: ['in_progress', 'completed', 'disputed'],
  completed: [],
  cancelled: [],
  // An admin settles a dispute: the work goes on, or the project is completed or cancelled.
  disputed: ['in_progress', 'completed', 'cancelled'],
};

/** Its owner may edit a project in these states (and only while no application is accepted). */
export const editableProjectStatuses: readonly ProjectStatus[] = ['draft', 'published'];

/** Its owner may still change (or cancel) the project: draft or published, no application accepted. */
export function isProjectEditable(project: {
  status: ProjectStatus;
  acceptedApplicationId: number | null;
}): boolean {
  return editableProjectStatuses.includes(project.status) && project.acceptedApplicationId === null;
}

/** Designers may apply, and edit or withdraw an application, while the project is in this state. */
export const openProjectStatuses: readonly ProjectStatus[] = ['published'];

/**
 * An application is submitted by a designer; withdrawn by them while undecided; accepted or declined by
 * the project's owner (accepting one declines the others).
 */
export const applicationStatuses = ['submitted', 'withdrawn', 'accepted', 'declined'] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

export const applicationTransitions: Readonly<Record<ApplicationStatus, readonly ApplicationStatus[]>> = {
  submitted: ['submitted', 'withdrawn', 'accepted', 'declined'],
  withdrawn: [],
  accepted: [],
  declined: [],
};

export function canTransitionProject(from: ProjectStatus, to: ProjectStatus): boolean {
  return projectTransitions[from].includes(to);
}

export function assertProjectTransition(from: ProjectStatus, to: ProjectStatus): void {
  if (!canTransitionProject(from, to)) throw new LifecycleTransitionError('project', from, to);
}

/** `submitted → submitted` is an edit of the application. */
export function canTransitionApplication(from: ApplicationStatus, to: ApplicationStatus): boolean {
  return applicationTransitions[from].includes(to);
}

export function assertApplicationTransition(from: ApplicationStatus, to: ApplicationStatus): void {
  if (!canTransitionApplication(from, to)) throw new LifecycleTransitionError('application', from, to);
}
