import { describe, expect, it } from 'vitest';

import { experimentEvent, pushToDataLayer } from './analytics';

describe('experiment events', () => {
  it('maps the variation to "1" or "0" and pushes it', () => {
    const target: { dataLayer?: unknown[] } = {};
    pushToDataLayer(target, experimentEvent('home_carousel', true));
    pushToDataLayer(target, experimentEvent('home_carousel', false));
    expect(target.dataLayer).toEqual([
      { event: 'experiment_viewed', experiment_id: 'home_carousel', variation_id: '1' },
      { event: 'experiment_viewed', experiment_id: 'home_carousel', variation_id: '0' },
    ]);
  });

  it('pushes nothing for a null variation', () => {
    const target: { dataLayer?: unknown[] } = {};
    pushToDataLayer(target, experimentEvent('home_carousel', null));
    expect(target.dataLayer).toBeUndefined();
  });
});
