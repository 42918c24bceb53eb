import { isAbortError } from '@/lib/client-errors';

/**
 * Spec §4/§7 suggestion requests: one at a time (a new one cancels the one in flight), only the
 * latest answer counts, a time limit; a failure, time-out or cancel gives null (the list stays
 * empty) and only errors that are not cancels reach `onError`.
 */
export interface LatestRequest<T> {
  run(url: string): Promise<T | null>;
  cancel(): void;
}

export function latestRequest<T>(options: {
  timeoutMs: number;
  onError: (error: unknown) => void;
  fetch?: typeof fetch;
}): LatestRequest<T> {
  const fetchJson = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  let current: AbortController | null = null;
  const cancel = () => {
    current?.abort();
    current = null;
  };
  return {
    cancel,
    async run(url) {
      cancel();
      const controller = new AbortController();
      current = controller;
      const timer = setTimeout(
        () => controller.abort(new DOMException('Suggestions took too long', 'TimeoutError')),
        options.timeoutMs,
      );
      try {
        const response = await fetchJson(url, {
          signal: controller.signal,
          headers: { accept: 'application/json' },
          cache: 'no-store',
        });
        if (!response.ok) throw new Error(`Suggestions answered ${response.status}`);
        const body = (await response.json()) as T;
        return current === controller ? body : null;
      } catch (error) {
        const reason = controller.signal.aborted ? controller.signal.reason : error;
        if (!isAbortError(reason)) options.onError(reason);
        return null;
      } finally {
        clearTimeout(timer);
        if (current === controller) current = null;
      }
    },
  };
}
