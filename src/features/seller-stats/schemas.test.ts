import { describe, expect, it } from 'vitest';

import { modelParamSchema, pageParamSchema, rangeParamSchema } from './schemas';

describe('GET parameters of the statistics pages', () => {
  it('reads the range, defaulting to 30 days', () => {
    expect(rangeParamSchema.parse('12w')).toBe('12w');
    expect(rangeParamSchema.parse(['12m', '30d'])).toBe('12m');
    expect(rangeParamSchema.parse('7d')).toBe('30d');
    expect(rangeParamSchema.parse(undefined)).toBe('30d');
  });

  it('reads the page, defaulting to the first', () => {
    expect(pageParamSchema.parse('3')).toBe(3);
    expect(pageParamSchema.parse('0')).toBe(1);
    expect(pageParamSchema.parse('x')).toBe(1);
    expect(pageParamSchema.parse(undefined)).toBe(1);
  });

  it('reads a model id; anything else is invalid, nothing is all models', () => {
    expect(modelParamSchema.parse('42')).toBe(42);
    expect(modelParamSchema.parse(undefined)).toBeUndefined();
    expect(modelParamSchema.parse('')).toBeUndefined();
    expect(modelParamSchema.parse('abc')).toBe('invalid');
    expect(modelParamSchema.parse('-1')).toBe('invalid');
    expect(modelParamSchema.parse('042')).toBe('invalid');
    expect(modelParamSchema.parse('9999999999')).toBe('invalid');
  });
});
