import { getTranslations } from 'next-intl/server';

import type { MaterialSettings, PrintQuantities } from '../print-estimate';
import { printMaterials } from '../print-estimate';
import { PrintEstimateCalculator, type PrintEstimateLabels } from './print-estimate-calculator';
import styles from './print-estimate.module.css';

async function calculatorLabels(): Promise<PrintEstimateLabels> {
  const t = await getTranslations('printEstimate');
  return {
    material: t('material'),
    layerHeight: t('layerHeight'),
    infill: t('infill'),
    walls: t('walls'),
    resinNote: t('resinNote'),
    mass: t('mass'),
    filament: t('filament'),
    cost: t('cost'),
    time: t('time'),
    layers: t('layers'),
    priceBasis: t.raw('priceBasis') as string,
    hoursMinutes: t.raw('hoursMinutes') as string,
    minutes: t.raw('minutes') as string,
    materials: Object.fromEntries(
      printMaterials.map((material) => [material, t(`materials.${material}`)]),
    ) as PrintEstimateLabels['materials'],
  };
}

/**
 * The model page's print cost and time estimate (issue 27, decision 0056), beside the printability
 * report: the calculator over the quantities stored with the file's analysis.
 */
export async function PrintEstimateSection({
  quantities,
  materials,
  fileName,
  languageTag,
}: {
  quantities: PrintQuantities;
  materials: MaterialSettings;
  fileName: string;
  /** BCP 47 tag of the page's language. */
  languageTag: string;
}) {
  const t = await getTranslations('printEstimate');
  return (
    <section className={styles.panel} aria-labelledby="print-estimate-heading" data-testid="print-estimate">
      <h2 id="print-estimate-heading">{t('heading')}</h2>
      <p className={styles.note}>{t('intro', { file: fileName })}</p>
      <PrintEstimateCalculator
        quantities={quantities}
        materials={materials}
        languageTag={languageTag}
        labels={await calculatorLabels()}
      />
      <p className={styles.note}>{t('model')}</p>
    </section>
  );
}
