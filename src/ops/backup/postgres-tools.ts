/**
 * The PostgreSQL client tools (pg_dump, pg_restore): found for the server's major version (Debian
 * keeps each version's under /usr/lib/postgresql/<major>/bin), else on PATH; their absence and a
 * version that cannot handle the server are reported in a sentence that says what to install.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';

import { majorVersion } from './manifest';

export type PostgresTool = 'pg_dump' | 'pg_restore';

export interface FoundTool {
  command: string;
  version: string;
  major: number;
}

const install = (major: number) =>
  `install the PostgreSQL ${major} client tools (Debian/Ubuntu: apt install postgresql-client-${major}) or put them on PATH`;

export function findTool(
  tool: PostgresTool,
  serverMajor: number,
  candidates = [`/usr/lib/postgresql/${serverMajor}/bin/${tool}`, tool],
): FoundTool {
  for (const command of candidates) {
    if (command.includes('/') && !fs.existsSync(command)) continue;
    const probe = spawnSync(command, ['--version'], { encoding: 'utf8' });
    if (probe.error || probe.status !== 0) continue;
    const version = probe.stdout.trim();
    return { command, version, major: majorVersion(version) };
  }
  throw new Error(`${tool} was not found: ${install(serverMajor)}.`);
}

/** pg_dump reads servers up to its own major version. */
export function findDumpTool(serverMajor: number): FoundTool {
  const found = findTool('pg_dump', serverMajor);
  if (found.major < serverMajor)
    throw new Error(
      `The server runs PostgreSQL ${serverMajor} but ${found.command} is version ${found.major}, which cannot dump it: ${install(serverMajor)}.`,
    );
  return found;
}

/** pg_restore reads archives of pg_dump up to its own major version. */
export function findRestoreTool(serverMajor: number, dumpMajor: number): FoundTool {
  const found = findTool('pg_restore', serverMajor);
  if (found.major < dumpMajor)
    throw new Error(
      `The backup was made by pg_dump ${dumpMajor} but ${found.command} is version ${found.major}, which cannot read it: ${install(Math.max(dumpMajor, serverMajor))}.`,
    );
  return found;
}

/**
 * libpq's settings for a postgres:// URL, with the password in PGPASSWORD rather than on the command
 * line (where `ps` shows it).
 */
export function connectionFor(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    // Not configuration: the tools inherit the environment (PATH, PGSSL*), as any child process does.
    // eslint-disable-next-line no-restricted-syntax
    env: password ? { ...process.env, PGPASSWORD: password } : { ...process.env },
  };
}

/** Runs a client tool, its stderr lines to `onLine`; rejects with its error lines when it fails. */
export function runTool(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  onLine: (line: string) => void = () => {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    const errors: string[] = [];
    let partial = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop()!;
      for (const line of lines) {
        if (/^pg_\w+: (error|warning|detail|hint)|^(ERROR|DETAIL|HINT|Command was)/i.test(line))
          errors.push(line);
        else onLine(line);
      }
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else
        reject(
          new Error(
            `${command} failed (${signal ?? `exit status ${code}`}): ${[...errors, partial].filter(Boolean).slice(-5).join(' | ')}`,
          ),
        );
    });
  });
}
