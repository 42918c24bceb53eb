import { describe, expect, it } from 'vitest';

import { pagePatternMatcher } from '@/server/http/page-cache-purge';

import { modelPages } from './model-page-paths';

describe('modelPages', () => {
  const dragon = pagePatternMatcher(modelPages('low-poly-dragon'));

  it('matches the model page in every locale and listing, and nothing else', () => {
    expect(dragon('/3d-models/characters/low-poly-dragon')).toBe(true);
    expect(dragon('/de/3d-modelle/figuren/fantasy/low-poly-dragon')).toBe(true);
    expect(dragon('/ru/3d-modeli-dlya-pechati/igrushki/low-poly-dragon')).toBe(true);
    expect(dragon('/zh-CN/3d-print-models/toys/low-poly-dragon')).toBe(true);
    expect(dragon('/3d-models/characters/low-poly-dragon-2')).toBe(false);
    expect(dragon('/3d-models/low-poly-dragon/newest')).toBe(false);
    expect(dragon('/designers/low-poly-dragon')).toBe(false);
    expect(dragon('/galleries/low-poly-dragon')).toBe(false);
    expect(dragon('/3d-models')).toBe(false);
  });
});
