import { describe, expect, it } from 'vitest';

import { languageAlternates } from './language-alternates';
import { datasetsLocales } from './routing';

describe('languageAlternates', () => {
  it('lists a page in every locale by default, English as x-default', () => {
    const alternates = languageAlternates('de', () => '/3d-models');
    expect(alternates?.canonical).toBe('/de/3d-modelle');
    expect(Object.keys(alternates?.languages ?? {})).toHaveLength(9);
    expect(alternates?.languages).toMatchObject({ ja: '/jp/3d-models', 'x-default': '/3d-models' });
  });

  it('lists a page only where it exists (datasets: Japanese and Chinese)', () => {
    const alternates = languageAlternates('jp', () => '/datasets', datasetsLocales);
    expect(alternates?.canonical).toBe('/jp/datasets');
    expect(alternates?.languages).toEqual({ ja: '/jp/datasets', 'zh-CN': '/zh-CN/datasets' });
  });
});
