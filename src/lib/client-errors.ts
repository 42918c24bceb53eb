/**
 * Reports an error from the browser (spec §8: "logged and reported"): to the console, and to the
 * server's log through `/api/internal/client_errors`. Reporting never throws.
 */
import { postToApi } from './api-client';

export function reportClientError(message: string, error?: unknown): void {
  console.error(message, error);
  try {
    void postToApi('/api/internal/client_errors', {
      keepalive: true,
      json: {
        message,
        detail: error instanceof Error ? `${error.name}: ${error.message}` : String(error ?? ''),
        page: typeof location === 'undefined' ? '' : location.pathname,
      },
    }).catch(() => undefined);
  } catch {
    // Reporting is best effort.
  }
}

/** True for an aborted request (a cancel is not an error worth logging, spec §8). */
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
