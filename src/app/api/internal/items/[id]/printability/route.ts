import { defaultPrintEstimates } from '@/features/geometry/api';
import { findModelPrintability } from '@/features/geometry/server/analysis-repository';
import { printMaterialSettings } from '@/features/geometry/server/print-materials';
import { AppError } from '@/server/errors';
import { handleJson, jsonData } from '@/server/http/json';

export const dynamic = 'force-dynamic';

/**
 * A published model's printability report (decision 0052): `{ data: { fileName, overhangs, fits,
 * walls, printEstimate } }` from its first analysed mesh file, or `{ data: null }` while none is
 * analysed. `printEstimate` (decision 0056): the sliced quantities, the material settings and each
 * material's estimate at the default settings; null for an analysis older than it. 404 for an unknown
 * or unpublished model.
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
    const printEstimate = found?.printQuantities
      ? {
          quantities: found.printQuantities,
          ...defaultPrintEstimates(found.printQuantities, printMaterialSettings()),
        }
      : null;
    return jsonData(found && { fileName: found.fileName, ...found.report, printEstimate }, {
      headers: { 'cache-control': 'public, max-age=60' },
    });
  });
}
