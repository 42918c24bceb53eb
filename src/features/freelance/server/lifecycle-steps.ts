/** The lifecycle tables' verdict inside a command: a refused step is a conflict for the caller (409). */
import { LifecycleTransitionError } from '@/lib/lifecycle';
import { AppError } from '@/server/errors';

import {
  assertApplicationTransition,
  assertProjectTransition,
  type ApplicationStatus,
  type ProjectStatus,
} from '../freelance-lifecycle';

function conflictOnTransition<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof LifecycleTransitionError) throw new AppError('CONFLICT', error.message);
    throw error;
  }
}

export function assertApplicationStep(from: ApplicationStatus, to: ApplicationStatus): void {
  conflictOnTransition(() => assertApplicationTransition(from, to));
}

export function assertProjectStep(from: ProjectStatus, to: ProjectStatus): void {
  conflictOnTransition(() => assertProjectTransition(from, to));
}
