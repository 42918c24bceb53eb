/** The "Open in slicer" menu's texts, read on the server; `{slicer}` and `{file}` are filled in the browser. */
import { getTranslations } from 'next-intl/server';

import type { SlicerMenuLabels } from './slicer-menu';

const keys = [
  'openIn',
  'opening',
  'nothingHappened',
  'openAgain',
  'downloadFile',
  'prusaDownload',
  'failed',
] as const satisfies readonly (keyof SlicerMenuLabels)[];

export async function slicerMenuLabels(): Promise<SlicerMenuLabels> {
  const t = await getTranslations('orders.SlicerMenu');
  return Object.fromEntries(keys.map((key) => [key, t.raw(key) as string])) as SlicerMenuLabels;
}
