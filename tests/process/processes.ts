/** Helpers to run the marketplace's commands as real child processes. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');

export interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `marketplace-${prefix}-`));
}

export function start(
  script: string,
  args: string[],
  env: Record<string, string>,
): ChildProcess & { output: () => { stdout: string; stderr: string } } {
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...loader, script, ...args], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  return Object.assign(child, { output: () => ({ stdout, stderr }) });
}

/** Runs a command to its end; fails the test if it does not exit within `timeoutMs` (a hang). */
export function run(
  script: string,
  args: string[],
  env: Record<string, string>,
  timeoutMs = 120_000,
): Promise<Finished> {
  const started = Date.now();
  const child = start(script, args, env);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(
          `${script} did not exit within ${timeoutMs} ms:\n${child.output().stdout}\n${child.output().stderr}`,
        ),
      );
    }, timeoutMs);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, ...child.output(), ms: Date.now() - started });
    });
  });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function waitForHealth(port: number, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.status === 200) return Date.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no healthy answer on port ${port} within ${timeoutMs} ms`);
}

/**
 * Waits until the server `child` started on `port` answers healthy; a server that exits first (a port
 * taken meanwhile, a bad setting) fails at once, with its output.
 */
export async function waitForServer(
  child: ReturnType<typeof start>,
  port: number,
  timeoutMs: number,
): Promise<void> {
  let starting = true;
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => {
      if (starting)
        reject(new Error(`the server exited (${code}) while starting:\n${child.output().stderr}`));
    }),
  );
  try {
    await Promise.race([waitForHealth(port, timeoutMs), exited]);
  } finally {
    starting = false;
  }
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** The server as `npm run serve` runs it: compiled by `npm run build` (scripts/build-server.ts). */
export const serverEntry = '.next/marketplace-server/main.mjs';

export function requireBuild(): void {
  if (!fs.existsSync(path.join(root, '.next/BUILD_ID')) || !fs.existsSync(path.join(root, serverEntry))) {
    throw new Error('These tests start the built app: run `npm run build` first (npm test does).');
  }
}
