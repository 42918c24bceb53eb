import pino from 'pino';

import { env } from '@/env';

/** JSON logs (one object per line); every request's lines carry its request id. */
export const logger = pino({ level: env.LOG_LEVEL, base: { service: 'marketplace' } });
