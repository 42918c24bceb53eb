/**
 * The marketplace server: validates the configuration, listens at once (answering 503 while it
 * starts; behind a trusted proxy only once ready), opens and migrates the database, seeds the demo
 * catalogue on first start, then serves the Next.js app. Logs every request as JSON with a request id,
 * and shuts down gracefully on SIGTERM/SIGINT. Configuration problems end it with a one-line message
 * and exit status 1.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';

import { defaultLocale, locales, routing } from '@/i18n/routing';
import { unroutablePathRewrite, withoutUnstorableQueryParams } from '@/lib/path-segment';
import { preferenceCookiePrefix } from '@/lib/preference-cookie';

import { withDocumentScripts } from './http/document-scripts';
import { forwardedClient, trustedProxies } from './http/forwarded-client';
import { createPageCache } from './http/page-cache';
import { registerPagePurger } from './http/page-cache-purge';
import { strictTransportSecurity } from './http/strict-transport';
import { createRouteMatcher, readAppRoutes, readPublicEntries, type RouteOf } from './metrics/route-patterns';

const dev = process.argv.includes('--dev');

function fail(message: string): never {
  console.error(`Error: ${message}`);
  process.exit(1);
}

const { env } = await import('@/env').catch((error: Error) => fail(error.message));
const { logger } = await import('@/server/logger');
const { closeDatabase, getDatabase } = await import('@/server/db/client');
const { isAllowedMetricsRequest, metricsPath, observeRequest, routeLabel, sendMetrics } =
  await import('@/server/metrics/http-metrics');
const { metrics } = await import('@/server/metrics/registry');
const { registerServerMetrics } = await import('@/server/metrics/server-metrics');

const hsts = strictTransportSecurity(env.publicUrl);
const proxies = trustedProxies(env.TRUSTED_PROXIES);

/** The route label of the request metrics; without the app's route list every path is "(unmatched)". */
function appRouteMatcher(): RouteOf {
  let appRoutes: string[] = [];
  try {
    appRoutes = readAppRoutes({ root: process.cwd(), dev });
  } catch (error) {
    logger.warn({ err: error }, 'app routes unknown: request metrics will not tell routes apart');
  }
  return createRouteMatcher({
    appRoutes,
    locales: { locales, defaultLocale, pathnames: routing.pathnames },
    publicEntries: readPublicEntries(process.cwd()),
  });
}
const routeOf = appRouteMatcher();
metrics();

const state: {
  handleRequest?: (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;
  shuttingDown: boolean;
} = { shuttingDown: false };
/** Responses not yet sent: told to close their connection when the server stops. */
const inFlight = new Set<http.ServerResponse>();

const server = http.createServer((req, res) => {
  const given = req.headers['x-request-id'];
  // A proxy's request id is kept when it looks like one; anything else gets a fresh id.
  const requestId = typeof given === 'string' && /^[\w.:-]{1,100}$/.test(given) ? given : randomUUID();
  const started = performance.now();
  const requestedUrl = req.url ?? '/';
  let servedRoute: string | undefined;
  observeRequest(req, res, started, () => servedRoute ?? routeLabel(routeOf, requestedUrl));
  req.headers['x-request-id'] = requestId;
  res.setHeader('x-request-id', requestId);
  if (hsts) res.setHeader('strict-transport-security', hsts);
  res.on('finish', () => {
    logger.info(
      {
        requestId,
        method: req.method,
        url: req.url,
        status: res.statusCode,
        ms: Math.round(performance.now() - started),
      },
      'request',
    );
  });
  if (!state.handleRequest) {
    res.writeHead(503, {
      'content-type': 'text/plain; charset=utf-8',
      'retry-after': '5',
      connection: 'close',
    });
    res.end('The marketplace is starting, try again in a few seconds.\n');
    return;
  }
  // While stopping, a request that still reaches us on an open connection is served, and its connection
  // closed after it: a proxy in front sends the next one to another instance (decision 0054).
  if (state.shuttingDown) res.setHeader('connection', 'close');
  inFlight.add(res);
  res.once('close', () => inFlight.delete(res));
  if (isAllowedMetricsRequest(req, env.METRICS_TOKEN)) {
    servedRoute = metricsPath;
    sendMetrics(req, res).catch((error: unknown) => {
      logger.error({ requestId, err: error }, 'metrics not collected');
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
    return;
  }
  // Next.js answers a path with a stray `%` with a 500; no page has a `%` in its path: the 404 page.
  const rewrite = unroutablePathRewrite(req.url ?? '/', locales, defaultLocale);
  if (rewrite) req.url = rewrite;
  // Query parameters with control characters (`?coupon=%00`) are hostile input: dropped (decision 0040).
  const storableUrl = withoutUnstorableQueryParams(req.url ?? '/');
  if (storableUrl !== null) req.url = storableUrl;
  // Rate limits key on the client address: the peer, or whom a trusted proxy forwarded for (decision
  // 0054); whatever a client sent in this header is replaced.
  req.headers['x-client-ip'] = forwardedClient(
    req.socket.remoteAddress,
    req.headers['x-forwarded-for'],
    proxies,
  );
  state.handleRequest(req, res).catch((error: unknown) => {
    logger.error({ requestId, err: error }, 'unhandled request error');
    if (!res.headersSent) res.writeHead(500);
    res.end();
  });
});

function listen(): Promise<void> {
  return new Promise<void>((resolve) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE')
        fail(`port ${env.PORT} is already in use: stop the other program or set PORT to a free port.`);
      if (error.code === 'EACCES')
        fail(`no permission to listen on port ${env.PORT}: set PORT to a port above 1024.`);
      fail(`cannot listen on ${env.HOST}:${env.PORT}: ${error.message}`);
    });
    server.listen(env.PORT, env.HOST, resolve);
  });
}
// Alone, the server listens at once and answers 503 while it starts (decision 0001). Behind a proxy
// (TRUSTED_PROXIES set) it opens its port only when ready: the proxy's connections are refused until
// then, and it sends every request, a POST too, to another instance (decision 0054).
const listensWhenReady = env.TRUSTED_PROXIES.length > 0;
if (!listensWhenReady) await listen();

let database;
try {
  database = await getDatabase();
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
logger.info({ kind: database.kind }, 'database ready');

const { getFileStore } = await import('@/server/files/store');
const fileStore = await getFileStore();
try {
  await fileStore.check();
} catch (error) {
  await closeDatabase();
  fail(`the file store cannot be used: ${error instanceof Error ? error.message : String(error)}`);
}
logger.info({ kind: fileStore.kind }, 'file store ready');

const { hasReadReplicas, readReplicaStates } = await import('@/server/db/read-replicas');
if (hasReadReplicas()) {
  // Not fatal: reads go to the primary until a replica keeps up (decision 0062).
  const replicas = await readReplicaStates();
  logger.info({ usable: replicas.filter((replica) => replica.usable).length, replicas }, 'read replicas');
}

if (env.SEED_ON_START) {
  const { countModels, seedCatalog } = await import('@/seed/seed');
  const { proceduralMeshLimit } = await import('@/seed/demo-models/seed-models');
  const { AppError } = await import('@/server/errors');
  if ((await countModels(database)) === 0) {
    console.log(`Seeding the demo catalogue (${env.SEED_MODELS.toLocaleString('en-US')} models) …`);
    try {
      const summary = await seedCatalog(database, {
        models: env.SEED_MODELS,
        meshes: env.SEED_MODELS <= proceduralMeshLimit,
        onProgress: (message) => console.log(`  ${message}`),
      });
      console.log(`Seeded ${summary.models.toLocaleString('en-US')} models in ${summary.seconds} s.`);
    } catch (error) {
      // Another instance seeded the shared database meanwhile: nothing to do.
      if (!(error instanceof AppError && error.code === 'CONFLICT')) {
        await closeDatabase();
        fail(`seeding the demo catalogue failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
}

const { default: next } = await import('next');
const app = next({ dev, dir: process.cwd(), hostname: 'localhost', port: env.PORT, httpServer: server });
try {
  await app.prepare();
} catch (error) {
  await closeDatabase();
  fail(
    dev
      ? `Next.js could not start: ${error instanceof Error ? error.message : String(error)}`
      : 'the app is not built: run `npm run build` first (or `npm start`, which builds when needed).',
  );
}
const nextHandler = app.getRequestHandler();
const pageCache = createPageCache({
  ttlSeconds: dev ? 0 : env.PAGE_CACHE_SECONDS,
  staleSeconds: 60,
  maxBytes: 64 * 1024 * 1024,
  maxEntryBytes: 2 * 1024 * 1024,
  preferenceCookiePrefix,
  onLookup: (result) => metrics().pageCacheLookups.inc({ result }),
});
registerServerMetrics({ pageCache });
// Pages go out with their script chunks after the first paint and their RSC payload in pieces (decision
// 0029); not in development, where Next's hot reloading brings its own scripts, nor when the setting is off.
const renderPage =
  dev || !env.DOCUMENT_SCRIPT_REWRITE
    ? nextHandler
    : (req: http.IncomingMessage, res: http.ServerResponse) =>
        withDocumentScripts(req, res, () => nextHandler(req, res));
const servePage = (req: http.IncomingMessage, res: http.ServerResponse) =>
  pageCache.handle(req, res, () => renderPage(req, res));
const { withReadYourWrites } = await import('@/server/http/read-your-writes');
// With read replicas (decision 0062) a visitor who has just written reads from the primary a while.
state.handleRequest = hasReadReplicas()
  ? (req, res) => withReadYourWrites(req, res, env.READ_YOUR_WRITES_SECONDS, () => servePage(req, res))
  : servePage;
// A purge reaches the other instances on the same PostgreSQL database (decision 0063).
const { pagePurgeChannel, sharedPagePurges } = await import('@/server/http/shared-page-purges');
const { openNotificationChannel } = await import('@/server/db/notification-channel');
const purges = sharedPagePurges({
  purge: pageCache.purge,
  repeatAfterMs: hasReadReplicas() ? env.DATABASE_READ_MAX_LAG_MS : 0,
});
const purgeChannel =
  database.kind === 'postgres' && env.DATABASE_URL
    ? await openNotificationChannel({
        url: env.DATABASE_URL,
        name: pagePurgeChannel,
        onMessage: purges.receive,
      })
    : null;
registerPagePurger(purgeChannel ? purges.sharedOver(purgeChannel) : purges.purgeHere);
if (listensWhenReady) await listen();
console.log(`Marketplace ready at ${env.publicUrl}`);

// Pictures added before image search existed, or by a crashed import (thousands), get their descriptors
// in the background, 30 s after the app serves: the work (sharp on the thread pool, queries on the
// one embedded connection) never competes with the start and its first requests. On PostgreSQL every
// instance may try, which is harmless.
setTimeout(() => {
  void import('@/server/images/image-index')
    .then(({ refreshImageIndex }) => refreshImageIndex(database))
    .then((described) => described > 0 && logger.info({ described }, 'image-search index refreshed'))
    .catch((error: unknown) => logger.error({ err: error }, 'image-search index refresh failed'));
}, 30_000).unref();

/**
 * A graceful stop, so that a rolling restart behind a proxy drops nothing (decision 0054): the port
 * closes (new connections are refused: the proxy goes to another instance); every request that still
 * comes on an open connection is served and answered with `Connection: close`, as are those in progress.
 * Connections that stay idle are closed after a second (a request sent on one at that very moment is
 * lost to us; the proxy retries it if it may), all of them after 10 s; then the database is closed.
 */
async function shutdown(signal: string) {
  if (state.shuttingDown) return;
  state.shuttingDown = true;
  logger.info({ signal, inFlight: inFlight.size }, 'shutting down');
  const forced = setTimeout(() => {
    logger.warn('requests still open after 10 s; closing anyway');
    server.closeAllConnections();
  }, 10_000);
  forced.unref();
  for (const res of inFlight) {
    if (!res.headersSent) res.setHeader('connection', 'close');
    // A response already under way keeps its connection open after it: closed once it is idle.
    else res.once('finish', () => setImmediate(() => server.closeIdleConnections()));
  }
  // http.Server#close would also close the idle connections at once, among them those whose next
  // request has arrived but is not read yet: net.Server#close only stops accepting.
  const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
  setTimeout(() => server.closeIdleConnections(), 1_000).unref();
  await closed;
  await purgeChannel?.close();
  await closeDatabase();
  logger.info('stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
