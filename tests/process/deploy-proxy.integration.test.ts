/**
 * Issue 29 §5: the production setup of deploy/, tested. Debian's nginx, configured from
 * deploy/nginx/meshbay.conf.template through deploy/render-nginx.sh (as the README says), with a
 * self-signed certificate, in front of two built app instances on one PostgreSQL: pages over HTTPS
 * with HSTS, compression done once, the real client address behind the proxy, and a rolling restart
 * under load that drops no request (decision 0054).
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { createRequire } from 'node:module';
import path from 'node:path';
import tls from 'node:tls';
import zlib from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { env } from '@/env';

import { createTestDatabase, type TestDatabase } from '../setup/test-database';
import { freePort, requireBuild, root, serverEntry, start, stop, tempDir, waitForHealth } from './processes';

const nginxBinary = '/usr/sbin/nginx';
const skipReason = !env.DATABASE_URL
  ? 'needs DATABASE_URL (a PostgreSQL both instances share; scripts/postgres-temp.sh starts one)'
  : !fs.existsSync(nginxBinary)
    ? `needs Debian's nginx at ${nginxBinary} (bash scripts/ensure-nginx.sh installs it)`
    : '';
if (skipReason) console.warn(`tests/process/deploy-proxy.integration.test.ts skipped: it ${skipReason}.`);
const hsts = 'max-age=63072000; includeSubDomains';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

interface AutocannonResult {
  requests: { total: number; average: number };
  latency: { p99: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
}
interface AutocannonRun extends PromiseLike<AutocannonResult> {
  stop(): void;
}
// autocannon ships no types: loaded through require, described as far as used.
const autocannon = createRequire(import.meta.url)('autocannon') as (options: object) => AutocannonRun;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A loopback address other than nginx's own 127.0.0.1: each one a different client, as nginx sees it. */
function clientAddress(): string {
  const byte = () => 1 + Math.floor(Math.random() * 254);
  return `127.${byte()}.${byte()}.${1 + byte()}`;
}

describe.skipIf(Boolean(skipReason))(
  `production setup: nginx (TLS) in front of two instances${skipReason ? ` — skipped: ${skipReason}` : ''}`,
  () => {
    let database: TestDatabase;
    let dir: string;
    let certificate: Buffer;
    let nginx: ChildProcess | undefined;
    let httpsPort = 0;
    let httpPort = 0;
    const appPorts: number[] = [];
    const apps: (ChildProcess & { output: () => { stdout: string; stderr: string } })[] = [];

    function startApp(port: number) {
      return start(serverEntry, [], {
        DATABASE_URL: database.url!,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `https://localhost:${httpsPort}`,
        TRUSTED_PROXIES: '127.0.0.1',
        DATA_DIR: path.join(dir, 'data'),
        AUTH_SECRET: 'deploy-proxy-test-secret-0123456789abcdef',
        // An empty catalogue: the pages used here need no models, and seeding would take half a minute.
        SEED_ON_START: 'false',
        JOB_WORKERS: '0',
        ACCOUNT_RATE_LIMIT_FACTOR: '1',
      });
    }

    /** One HTTPS request through nginx, on a new connection from `from` (a loopback address). */
    function request(
      pathname: string,
      options: { from?: string; method?: string; headers?: http.OutgoingHttpHeaders; body?: string } = {},
    ): Promise<Answer> {
      return new Promise((resolve, reject) => {
        const outgoing = https.request(
          {
            host: '127.0.0.1',
            port: httpsPort,
            servername: 'localhost',
            ca: certificate,
            localAddress: options.from,
            agent: false,
            method: options.method ?? 'GET',
            path: pathname,
            headers: { host: `localhost:${httpsPort}`, ...options.headers },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () =>
              resolve({
                status: response.statusCode!,
                headers: response.headers,
                body: Buffer.concat(chunks),
              }),
            );
            response.on('error', reject);
          },
        );
        outgoing.on('error', reject);
        outgoing.end(options.body);
      });
    }

    beforeAll(async () => {
      requireBuild();
      database = await createTestDatabase();
      dir = tempDir('deploy');
      [httpsPort, httpPort] = [await freePort(), await freePort()];
      appPorts.push(await freePort(), await freePort());

      execFileSync('openssl', [
        'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
        '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost',
        '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'),
      ], { stdio: 'ignore' }); // prettier-ignore
      certificate = fs.readFileSync(path.join(dir, 'cert.pem'));

      // The site as the README renders it; around it, what Debian's /etc/nginx/nginx.conf would give,
      // with every path in the temporary folder so that nginx runs without root on high ports.
      const rendered = spawnSync('bash', [path.join(root, 'deploy/render-nginx.sh')], {
        env: {
          ...process.env,
          SERVER_NAME: 'localhost',
          TLS_CERTIFICATE: path.join(dir, 'cert.pem'),
          TLS_CERTIFICATE_KEY: path.join(dir, 'key.pem'),
          APP_PORTS: appPorts.join(' '),
          HTTPS_PORT: String(httpsPort),
          HTTP_PORT: String(httpPort),
        },
        encoding: 'utf8',
      });
      expect(rendered.status, rendered.stderr).toBe(0);
      fs.writeFileSync(path.join(dir, 'meshbay.conf'), rendered.stdout);
      fs.writeFileSync(
        path.join(dir, 'nginx.conf'),
        [
          'daemon off;',
          // As root (CI), the workers would otherwise run as nobody, who may not enter this folder.
          process.getuid?.() === 0 ? 'user root;' : '',
          'worker_processes 1;',
          `pid ${dir}/nginx.pid;`,
          `error_log ${dir}/error.log warn;`,
          'events { worker_connections 512; }',
          'http {',
          '  include /etc/nginx/mime.types;',
          '  default_type application/octet-stream;',
          // What a slow or failed request went through, for the message of a failing test.
          `  log_format upstreams '$msec $status $request_time $upstream_addr $upstream_status $upstream_response_time "$request"';`,
          `  access_log ${dir}/access.log upstreams;`,
          ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
            (kind) => `  ${kind}_temp_path ${dir}/${kind}_temp;`,
          ),
          `  include ${dir}/meshbay.conf;`,
          '}',
        ].join('\n'),
      );
      const checked = spawnSync(nginxBinary, ['-t', '-p', dir, '-c', `${dir}/nginx.conf`, '-e', 'stderr'], {
        encoding: 'utf8',
      });
      expect(checked.status, checked.stderr).toBe(0);

      // Both instances start at once on the empty database (one migrates it, the other waits).
      apps.push(...appPorts.map(startApp));
      nginx = spawn(nginxBinary, ['-p', dir, '-c', `${dir}/nginx.conf`, '-e', 'stderr'], {
        stdio: 'inherit',
      });
      await Promise.all(appPorts.map((port) => waitForHealth(port, 120_000)));
    }, 150_000);

    afterAll(async () => {
      if (nginx && nginx.exitCode === null) {
        nginx.kill('SIGQUIT');
        await new Promise((resolve) => nginx!.once('exit', resolve));
      }
      await Promise.all(apps.map(stop));
      await database?.cleanup();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    });

    it('serves pages over HTTPS with HSTS, compressed once, static files cached for good', async () => {
      const page = await request('/about-us', {
        headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
      });
      expect(page.status).toBe(200);
      // Once: the app's header is replaced by nginx's, not sent beside it.
      expect(page.headers['strict-transport-security']).toBe(hsts);
      // The app compressed the page (brotli); nginx left it alone: one decompression gives the HTML.
      expect(page.headers['content-encoding']).toBe('br');
      const html = zlib.brotliDecompressSync(page.body).toString('utf8');
      expect(html).toMatch(/^<!DOCTYPE html>/i);

      const script = /<script[^>]+src="(\/_next\/static\/[^"]+\.js)"/.exec(html)?.[1];
      expect(script).toBeDefined();
      const asset = await request(script!, { headers: { 'accept-encoding': 'gzip' } });
      expect(asset.status).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(asset.headers['strict-transport-security']).toBe(hsts);
      expect(asset.headers['content-encoding']).toBe('gzip');
      const source = zlib.gunzipSync(asset.body);
      expect(source.subarray(0, 2).toString('hex')).not.toBe('1f8b');
      expect(source.length).toBeGreaterThan(asset.body.length);

      // A viewer mesh (the app sends it as it is) is gzipped by nginx, and cached for good.
      const meshKey = 'viewer/f1-0123456789abcdef.bin';
      const triangles = new Float32Array(30_000).map((_, i) => Math.round(Math.sin(i) * 20));
      fs.mkdirSync(path.join(dir, 'data/files/viewer'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'data/files', meshKey), Buffer.from(triangles.buffer));
      const direct = await fetch(`http://127.0.0.1:${appPorts[0]}/files/${meshKey}`, {
        headers: { 'accept-encoding': 'gzip' },
      });
      expect([direct.status, direct.headers.get('content-encoding')]).toEqual([200, null]);
      const mesh = await request(`/files/${meshKey}`, { headers: { 'accept-encoding': 'gzip' } });
      expect(mesh.status).toBe(200);
      expect(mesh.headers['content-encoding']).toBe('gzip');
      expect(mesh.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(zlib.gunzipSync(mesh.body).equals(Buffer.from(triangles.buffer))).toBe(true);

      // A page the app sends uncompressed (the 404 page) is gzipped by nginx.
      const missing = await request('/no-such-page', {
        headers: { accept: 'text/html', 'accept-encoding': 'gzip' },
      });
      expect(missing.status).toBe(404);
      expect(missing.headers['content-encoding']).toBe('gzip');
      expect(missing.headers['strict-transport-security']).toBe(hsts);
      expect(zlib.gunzipSync(missing.body).toString('utf8')).toMatch(/^<!DOCTYPE html>/i);

      // Plain http only leads to https.
      const plain = await new Promise<http.IncomingMessage>((resolve, reject) =>
        http
          .get(
            { host: '127.0.0.1', port: httpPort, path: '/about-us', headers: { host: 'localhost' } },
            resolve,
          )
          .on('error', reject),
      );
      plain.resume();
      expect(plain.statusCode).toBe(301);
      expect(plain.headers.location).toBe('https://localhost/about-us');

      // Another host name gets no TLS handshake at all.
      await expect(
        new Promise((resolve, reject) => {
          const socket = tls.connect({
            host: '127.0.0.1',
            port: httpsPort,
            servername: 'elsewhere.example',
            ca: certificate,
          });
          socket.once('secureConnect', () => resolve(socket.end()));
          socket.once('error', reject);
        }),
      ).rejects.toThrow();

      // Forwarded requests are never "from this machine": /metrics is not there for them.
      expect((await request('/metrics')).status).toBe(404);
    });

    it('rate limits see the real client, not nginx and not what the client wrote in X-Forwarded-For', async () => {
      // Log-in allows 10 attempts per address in a fixed 15-minute window: none of them may straddle its end.
      const windowMs = 15 * 60_000;
      const left = windowMs - (Date.now() % windowMs);
      if (left < 20_000) await delay(left + 100);

      const [first, second] = [clientAddress(), clientAddress()];
      const csrf = await request('/api/internal/csrf', { from: first });
      const token = (JSON.parse(csrf.body.toString()) as { data: { token: string } }).data.token;
      const cookie = String(csrf.headers['set-cookie']?.[0]).split(';')[0]!;
      const logIn = (from: string, attempt: number, spoofed: string) =>
        request('/api/internal/users/log_in', {
          from,
          method: 'POST',
          headers: {
            origin: `https://localhost:${httpsPort}`,
            'content-type': 'application/json',
            'x-csrf-token': token,
            cookie,
            // What a client writes here is kept by nginx, left of the address it saw.
            'x-forwarded-for': spoofed,
          },
          body: JSON.stringify({ login: `nobody-${attempt}-${first}`, password: 'not the password 1' }),
        });

      // Each attempt from `first` claims another address; were the claim believed, none would be limited.
      const statuses: number[] = [];
      for (let attempt = 1; attempt <= 11; attempt++)
        statuses.push((await logIn(first, attempt, `198.51.100.${attempt}, 203.0.113.${attempt}`)).status);
      expect(statuses).toEqual([...Array<number>(10).fill(400), 429]);
      // Another client, though the same nginx forwards it (and it claims to be `first`), is not limited.
      expect((await logIn(second, 12, first)).status).toBe(400);
    });

    it('a rolling restart (one instance at a time) under load drops no request', async () => {
      const started = Date.now();
      const load = autocannon({
        url: `https://localhost:${httpsPort}/about-us`,
        connections: 20,
        duration: 60,
        headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
      });
      await delay(3_000);
      for (const index of [0, 1]) {
        const stopping = apps[index]!;
        await stop(stopping);
        expect(stopping.exitCode, stopping.output().stderr).toBe(0);
        apps[index] = startApp(appPorts[index]!);
        await waitForHealth(appPorts[index]!, 30_000);
        // Its first page is rendered cold (seconds under this load): asked here, not as nginx's one trial
        // request after the fail_timeout, which would keep the instance out of rotation until it ends.
        expect((await fetch(`http://127.0.0.1:${appPorts[index]!}/about-us`)).status).toBe(200);
        // nginx's fail_timeout (2 s) passes: the instance takes requests again before the other stops
        // (as the README's rolling restart waits).
        await delay(3_000);
      }
      // The load runs 30 s at least, and past the end of the restarts.
      await delay(Math.max(1_000, 30_000 - (Date.now() - started)));
      load.stop();
      const result = await load;
      const seconds = (Date.now() - started) / 1000;
      console.info(
        `rolling restart under load: ${result.requests.total} requests in ${seconds.toFixed(1)} s ` +
          `(${Math.round(result.requests.total / seconds)}/s), p99 ${result.latency.p99} ms, ` +
          `max ${result.latency.max} ms, errors ${result.errors}, timeouts ${result.timeouts}, ` +
          `non-2xx ${result.non2xx}, statuses ${JSON.stringify(result.statusCodeStats)}`,
      );
      // For the message of a failure: what the slow or failed requests went through, nginx's complaints.
      const slow = fs
        .readFileSync(path.join(dir, 'access.log'), 'utf8')
        .split('\n')
        .filter((line) => Number(line.split(' ')[2]) >= 3 || / 5\d\d /.test(line));
      const nginxErrors = fs.readFileSync(path.join(dir, 'error.log'), 'utf8').split('\n').slice(-20);
      const diagnosis = `slow or failed:\n${slow.slice(0, 30).join('\n')}\nnginx:\n${nginxErrors.join('\n')}`;
      expect(result.requests.total).toBeGreaterThan(1000);
      expect({ errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx }, diagnosis).toEqual({
        errors: 0,
        timeouts: 0,
        non2xx: 0,
      });
    }, 90_000);
  },
);
