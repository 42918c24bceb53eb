import { findModelPrintability } from '@/features/geometry/server/analysis-repository';
import { AppError } from '@/server/errors';
import { handleJson, jsonData } from '@/server/http/json';

export const dynamic = 'force-dynamic';

/**
 * A published model's printability report (decision 0052): `{ data: { fileName, overhangs, fits,
 * walls } }` from its first analysed mesh file, or `{ data: null }` while none is analysed. 404 for
 * an unknown or unpublished model.
 */
export function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  return handleJson(async () => {
    const { id } = await params;
    const modelId = /^[1-9]\d{0,9}$/.test(id) ? Number(id) : NaN;
    const found =
      Number.isSafeInteger(modelId) && modelId <= 2 ** 31 - 1
        ? await findModelPrintability(modelId, { publishedOnly: true })
        : undefined;
    if (found === undefined) throw new AppError('NOT_FOUND', 'No such model');
    return jsonData(found && { fileName: found.fileName, ...found.report }, {
      headers: { 'cache-control': 'public, max-age=60' },
    });
  });
}
