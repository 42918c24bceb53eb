import { env } from '@/env';

import { defaultMaterialSettings, parseMaterialSettings, type MaterialSettings } from '../print-estimate';

/** The materials' densities and prices: the defaults, changed by PRINT_MATERIALS (decision 0056). */
export function printMaterialSettings(): MaterialSettings {
  return parseMaterialSettings(env.PRINT_MATERIALS) ?? defaultMaterialSettings;
}
