import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { latestRequest } from './latest-request';

/** A fetch whose answers the test releases by hand; it rejects like the browser's when aborted. */
function manualFetch() {
  const calls: Array<{ url: string; signal: AbortSignal; answer: (body: unknown, status?: number) => void }> =
    [];
  const fetchFn = ((url: string, init: RequestInit) =>
    new Promise<Response>((resolve, reject) => {
      const signal = init.signal!;
      signal.addEventListener('abort', () => reject(signal.reason));
      calls.push({
        url,
        signal,
        answer: (body, status = 200) => resolve(new Response(JSON.stringify(body), { status })),
      });
    })) as unknown as typeof fetch;
  return { calls, fetchFn };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('latestRequest', () => {
  it('cancels the request in flight when a new one starts; only the latest answer counts', async () => {
    const { calls, fetchFn } = manualFetch();
    const onError = vi.fn();
    const requests = latestRequest<{ q: string }>({ timeoutMs: 3000, onError, fetch: fetchFn });
    const first = requests.run('/s?query=c');
    const second = requests.run('/s?query=ch');
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(calls[1]!.signal.aborted).toBe(false);
    calls[1]!.answer({ q: 'ch' });
    await expect(first).resolves.toBeNull();
    await expect(second).resolves.toEqual({ q: 'ch' });
    expect(onError).not.toHaveBeenCalled();
  });

  it('gives up after the time limit and reports it', async () => {
    const { calls, fetchFn } = manualFetch();
    const onError = vi.fn();
    const pending = latestRequest({ timeoutMs: 3000, onError, fetch: fetchFn }).run('/s?query=c');
    await vi.advanceTimersByTimeAsync(2999);
    expect(calls[0]!.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toBeNull();
    expect(onError).toHaveBeenCalledTimes(1);
    expect((onError.mock.calls[0]![0] as DOMException).name).toBe('TimeoutError');
  });

  it('answers null for a failed request and reports it; a cancel is not reported', async () => {
    const { calls, fetchFn } = manualFetch();
    const onError = vi.fn();
    const requests = latestRequest({ timeoutMs: 3000, onError, fetch: fetchFn });
    const failed = requests.run('/s?query=c');
    calls[0]!.answer({ error: 'x' }, 500);
    await expect(failed).resolves.toBeNull();
    expect(onError).toHaveBeenCalledTimes(1);
    const cancelled = requests.run('/s?query=d');
    requests.cancel();
    await expect(cancelled).resolves.toBeNull();
    expect(onError).toHaveBeenCalledTimes(1);
  });
});
