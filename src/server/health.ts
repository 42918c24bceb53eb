import { getDatabase } from '@/server/db/client';

export interface DatabaseHealth {
  ok: boolean;
  kind?: 'pglite' | 'postgres';
  latencyMs?: number;
  error?: string;
}

export async function checkDatabase(timeoutMs = 3000): Promise<DatabaseHealth> {
  const started = performance.now();
  try {
    const handle = await withTimeout(getDatabase(), timeoutMs);
    await withTimeout(handle.query('SELECT 1'), timeoutMs);
    return { ok: true, kind: handle.kind, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
