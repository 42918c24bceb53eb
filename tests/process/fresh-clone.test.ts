/**
 * The README's promise for a new user (issue 29 §1): a fresh clone's `npm start` installs exactly the
 * committed lock and leaves `git status` clean. The build itself is borrowed from this checkout (built
 * by `npm test` before this file runs) so the test takes a minute, not five; `.ci/run` checks that its
 * own clone is still clean after the build and the whole suite.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { freePort, requireBuild, root, serverEntry, tempDir } from './processes';

const clone = path.join(tempDir('fresh-clone'), 'meshbay');
// A warm npm cache makes this a copy, not a download; a package missing from it is still fetched.
const npmEnv = { ...process.env, npm_config_prefer_offline: 'true', npm_config_update_notifier: 'false' };

function gitStatus(): string {
  return execFileSync('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: clone }).toString();
}

beforeAll(() => {
  requireBuild();
  execFileSync('git', ['clone', '--quiet', root, clone]);
});

afterAll(() => {
  fs.rmSync(path.dirname(clone), { recursive: true, force: true });
});

describe('a fresh clone', () => {
  it('has a complete lock: resolving package.json again changes nothing', () => {
    execFileSync(
      'npm',
      ['install', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'],
      { cwd: clone, env: npmEnv },
    );
    expect(gitStatus()).toBe('');
  }, 120_000);

  it('installs the lock as committed (`npm ci`) and leaves git status clean', () => {
    const output = execFileSync('bash', ['scripts/ensure-deps.sh'], { cwd: clone, env: npmEnv }).toString();
    expect(output).toContain('Installing npm packages');
    expect(fs.existsSync(path.join(clone, 'node_modules/.package-lock.json'))).toBe(true);
    expect(gitStatus()).toBe('');
  }, 300_000);

  it('`npm start` then seeds, serves, and leaves git status clean', async () => {
    // The build, hard-linked; the server entry copied, so that it is newer than every source file of
    // the clone (scripts/ensure-build.sh then keeps the build) without touching this checkout's.
    execFileSync('cp', ['-al', path.join(root, '.next'), path.join(clone, '.next')]);
    fs.rmSync(path.join(clone, serverEntry));
    fs.copyFileSync(path.join(root, serverEntry), path.join(clone, serverEntry));

    const port = await freePort();
    const child = spawn('npm', ['start'], {
      cwd: clone,
      env: { ...npmEnv, PORT: String(port), SEED_MODELS: '60', JOB_WORKERS: '0', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`not ready within 180 s:\n${output}`)), 180_000);
        child.stdout.on('data', () => {
          if (output.includes('Marketplace ready at')) {
            clearTimeout(timer);
            resolve();
          }
        });
        child.on('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
      });
      expect(output).not.toContain('Installing npm packages');
      expect(output).not.toContain('Building the app');
      const home = await fetch(`http://127.0.0.1:${port}/`);
      expect(home.status).toBe(200);
      expect(gitStatus()).toBe('');
    } finally {
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        process.kill(-child.pid!, 'SIGTERM');
      });
    }
    expect(gitStatus()).toBe('');
  }, 240_000);
});
