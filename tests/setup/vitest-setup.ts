// Tests never touch the developer's ./data: every test database and file root is temporary.
import os from 'node:os';
import path from 'node:path';

process.env.DATA_DIR ??= path.join(os.tmpdir(), `marketplace-vitest-${process.pid}`);
process.env.LOG_LEVEL ??= 'silent';
