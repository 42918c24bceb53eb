import { describe, expect, it } from 'vitest';

import { formatFileSize } from './file-size';

describe('formatFileSize', () => {
  it('steps through bytes, kB, MB and GB', () => {
    expect(formatFileSize(500, 'en')).toBe('500 byte');
    expect(formatFileSize(13_084, 'en')).toBe('13 kB');
    expect(formatFileSize(4608, 'en')).toBe('4.5 kB');
    expect(formatFileSize(5 * 1024 * 1024, 'en')).toBe('5 MB');
    expect(formatFileSize(3 * 1024 ** 3, 'de')).toBe('3\u00a0GB');
  });
});
