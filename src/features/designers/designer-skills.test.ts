import { describe, expect, it } from 'vitest';

import { designerSkills, isDesignerSkill } from './designer-skills';

describe('designer skills', () => {
  it('are the 16 skills of spec §3, each once', () => {
    expect(new Set(designerSkills).size).toBe(16);
    expect(isDesignerSkill('uv-mapping')).toBe(true);
    expect(isDesignerSkill('juggling')).toBe(false);
  });
});
