import { describe, expect, it } from 'vitest';

import { AppError } from '@/server/errors';

import {
  applicationStatuses,
  assertApplicationTransition,
  canTransitionApplication,
} from './application-lifecycle';

describe('business application lifecycle', () => {
  const allowed = new Set(['submitted→approved', 'submitted→rejected']);

  it.each(applicationStatuses.flatMap((from) => applicationStatuses.map((to) => [from, to] as const)))(
    '%s → %s',
    (from, to) => {
      const ok = allowed.has(`${from}→${to}`);
      expect(canTransitionApplication(from, to)).toBe(ok);
      if (ok) expect(() => assertApplicationTransition(from, to)).not.toThrow();
      else {
        expect(() => assertApplicationTransition(from, to)).toThrow(AppError);
        try {
          assertApplicationTransition(from, to);
        } catch (error) {
          expect((error as AppError).status).toBe(409);
        }
      }
    },
  );
});
