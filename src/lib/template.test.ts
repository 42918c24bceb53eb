import { describe, expect, it } from 'vitest';

import { fillTemplate } from './template';

describe('fillTemplate', () => {
  it('fills known placeholders and leaves the others', () => {
    expect(fillTemplate('-{percentage}% by {designer} {x}', { percentage: 15, designer: 'Ann' })).toBe(
      '-15% by Ann {x}',
    );
  });
  it('does not read inherited properties', () => {
    expect(fillTemplate('{constructor}', {})).toBe('{constructor}');
  });
});
