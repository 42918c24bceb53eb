import { z } from 'zod';

import { trackFeaturedDesignerImpression } from '@/features/designers/server/commands';
import { AppError } from '@/server/errors';
import { verifyMutationRequest } from '@/server/http/csrf';
import { handleJson } from '@/server/http/json';

const idSchema = z.coerce.number().int().min(1).max(2_147_483_647);

/** Spec §7: counts one impression of the featured designer card; 204, or 404 for an unknown id. */
export function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handleJson(async () => {
    await verifyMutationRequest(request);
    const id = idSchema.safeParse((await params).id);
    if (!id.success || !(await trackFeaturedDesignerImpression(id.data))) {
      throw new AppError('NOT_FOUND', 'No such featured designer');
    }
    return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
  });
}
