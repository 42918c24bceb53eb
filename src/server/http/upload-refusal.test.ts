import { describe, expect, it } from 'vitest';

import { uploadRefused } from './upload-refusal';

describe('uploadRefused', () => {
  it.each([
    ['type', 415],
    ['content', 415],
    ['too_large', 413],
    ['empty', 400],
    ['name', 400],
    ['limit', 409],
    ['not_editable', 409],
  ] as const)('answers a %s refusal with %i and the reason', async (refusal, status) => {
    const response = uploadRefused(refusal);
    expect(response.status).toBe(status);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.text()).toBe(
      JSON.stringify({ error: { code: 'UPLOAD_REFUSED', message: `Upload refused: ${refusal}`, refusal } }),
    );
  });
});
