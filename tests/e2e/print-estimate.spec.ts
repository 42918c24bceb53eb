import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

import { formatPrice } from '../../src/lib/money';

/** The print cost and time estimate (issue 27, decision 0056) on the model page and in the JSON API. */

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
}

interface Card {
  id: number;
  url: string;
  title: string;
}

interface Estimate {
  material: string;
  layers: number;
  massG: number;
  costCents: number;
}

/** The seeded "Seven-eighths cube" (a 40 mm cube less one 20 mm octant): its card. */
async function sevenEighthsCube(page: Page, locale = 'en'): Promise<Card> {
  const response = await page.request.get(
    `/api/internal/items?locale=${locale}&keywords=${encodeURIComponent('"seven-eighths cube"')}`,
  );
  const { data } = (await response.json()) as { data: { items: Card[] } };
  const card = data.items.find((item) => item.title === 'Seven-eighths cube');
  expect(card).toBeTruthy();
  return card!;
}

/** The seed analyses its meshes in the background on first start: the estimate comes once it is done. */
async function defaultEstimates(page: Page, id: number): Promise<Record<string, Estimate>> {
  let estimates: Estimate[] = [];
  await expect
    .poll(
      async () => {
        const body = await (await page.request.get(`/api/internal/items/${id}/printability`)).json();
        estimates = body.data?.printEstimate?.estimates ?? [];
        return estimates.length;
      },
      { timeout: 60_000 },
    )
    .toBe(4);
  return Object.fromEntries(estimates.map((e) => [e.material, e]));
}

test('a buyer works out the print cost and time on the model page, in English and German, at 1440 and 375 px', async ({
  page,
}) => {
  // On a busy machine the first start's analyses of the demo meshes may take a while.
  test.setTimeout(120_000);
  const cube = await sevenEighthsCube(page);
  const estimates = await defaultEstimates(page, cube.id);
  expect(estimates.pla).toMatchObject({ layers: 200 });
  expect(estimates.resin).toMatchObject({ layers: 800 });
  expect(estimates.petg!.costCents).not.toBe(estimates.pla!.costCents);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(cube.url);
  const section = page.getByTestId('print-estimate');
  await expect(section.getByRole('heading', { name: 'Print cost and time' })).toBeVisible();
  const material = section.getByRole('combobox', { name: 'Material' });
  await expect(material).toBeEnabled();
  await expect(page.getByTestId('print-estimate-cost')).toContainText(formatPrice(estimates.pla!.costCents));
  await expect(page.getByTestId('print-estimate-layers')).toHaveText('200');
  const plaMass = await page.getByTestId('print-estimate-mass').textContent();

  await section.getByRole('combobox', { name: 'Infill' }).selectOption('100');
  await expect(page.getByTestId('print-estimate-mass')).not.toHaveText(plaMass!);

  await material.selectOption('resin');
  await expect(page.getByTestId('print-estimate-cost')).toContainText(
    formatPrice(estimates.resin!.costCents),
  );
  await expect(page.getByTestId('print-estimate-layers')).toHaveText('800');
  await expect(section.getByRole('combobox', { name: 'Infill' })).toBeDisabled();
  await expect(page.getByTestId('print-estimate-filament')).toHaveCount(0);
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/print-estimate-1440.png' });
  await expectNoAxeViolations(page);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto((await sevenEighthsCube(page, 'de')).url);
  const german = page.getByTestId('print-estimate');
  await expect(german.getByRole('heading', { name: 'Druckkosten und Druckzeit' })).toBeVisible();
  await expect(german.getByRole('combobox', { name: 'Material' })).toBeEnabled();
  await expect(page.getByTestId('print-estimate-cost')).toContainText(formatPrice(estimates.pla!.costCents));
  await german.getByRole('combobox', { name: 'Material' }).selectOption('petg');
  await expect(page.getByTestId('print-estimate-cost')).toContainText(formatPrice(estimates.petg!.costCents));
  await expect(page.getByTestId('print-estimate-cost')).toContainText('pro Kilogramm');
  await expect(page.getByTestId('print-estimate-filament')).toContainText(' m');
  await german.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/print-estimate-375-de.png' });
  await expectNoAxeViolations(page);
});
