import os from 'node:os';
import path from 'node:path';

import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);
/** Where the app sends its emails during the tests (tests/fixtures/smtp-catcher.ts listens there). */
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? port + 1000);
const dataDir = path.join(os.tmpdir(), `marketplace-e2e-${Date.now()}`);

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  fullyParallel: true,
  workers: 2,
  reporter: [['list']],
  projects: [
    // The demo catalogue's meshes and pictures are made in the background after start (issue 28).
    { name: 'demo-catalogue', testMatch: /demo-catalogue\.setup\.ts$/ },
    { name: 'e2e', testMatch: /\.spec\.ts$/, dependencies: ['demo-catalogue'] },
  ],
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'node .next/marketplace-server/main.mjs',
    url: `http://localhost:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_MODELS: '300',
      LOG_LEVEL: 'warn',
      // Every spec signs up and logs in from 127.0.0.1: the per-client account limits would stop the suite.
      ACCOUNT_RATE_LIMIT_FACTOR: '50',
      // Likewise the per-address limits of search events and view reports.
      CLIENT_RATE_LIMIT_FACTOR: '50',
      // One address (127.0.0.1) is one visitor: a search is learned from the first (abuse.spec.ts).
      SUGGESTION_MIN_VISITORS: '1',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      DATABASE_URL: '',
      NEXT_TELEMETRY_DISABLED: '1',
    },
  },
});
