import { z } from 'zod';

import { AppError } from '@/server/errors';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson, readJsonBody } from '@/server/http/json';
import { logger } from '@/server/logger';

const reportSchema = z.object({
  message: z.string().max(200),
  detail: z.string().max(1000).default(''),
  page: z.string().max(300).default(''),
});

/** Errors reported by the browser (lib/client-errors.ts), written to the server log. */
export function POST(request: Request) {
  return handleJson(async () => {
    await verifyMutationRequest(request);
    const report = reportSchema.safeParse(await readJsonBody(request));
    if (!report.success) throw new AppError('BAD_REQUEST', 'Invalid error report');
    logger.warn({ clientError: report.data }, `Client error: ${report.data.message}`);
    return new Response(null, { status: 204 });
  });
}
