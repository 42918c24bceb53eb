import { describe, expect, it } from 'vitest';

import { csvField, csvRow } from './csv';

describe('COPY csv', () => {
  it('quotes text, escapes quotes and leaves null empty', () => {
    expect(csvRow(['a "b", c', null, 3, true, ['x', 'y"z', 'back\\slash']])).toBe(
      '"a ""b"", c",,3,t,"{""x"",""y\\""z"",""back\\\\slash""}"\n',
    );
    expect(csvField('')).toBe('""');
    expect(csvField(Number.NaN)).toBe('');
    expect(csvField(new Date('2026-01-02T03:04:05Z'))).toBe('"2026-01-02T03:04:05.000Z"');
  });
});
