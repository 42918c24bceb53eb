import { describe, expect, it } from 'vitest';

import { parseCustomModelId } from './request-id';

describe('parseCustomModelId', () => {
  it('reads a positive 32-bit id', () => {
    expect(parseCustomModelId('1')).toBe(1);
    expect(parseCustomModelId('2147483647')).toBe(2_147_483_647);
  });

  it('refuses anything else', () => {
    for (const value of [undefined, '', '0', '01', '-1', '1.5', '1e3', 'abc', '2147483648', '12345678901'])
      expect(parseCustomModelId(value)).toBeNull();
  });
});
