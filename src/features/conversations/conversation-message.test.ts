import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  attachmentContentType,
  checkAttachmentRequest,
  messageBodyMaxLength,
  validateMessageBody,
} from './conversation-message';
import { maxPictureBytes } from '@/features/geometry/api';

const mb = 1024 * 1024;

describe('validateMessageBody', () => {
  it('requires a text unless files follow, and allows up to 5,000 characters', () => {
    expect(validateMessageBody('  ')).toEqual({ ok: false, error: 'required' });
    expect(validateMessageBody(undefined)).toEqual({ ok: false, error: 'required' });
    expect(validateMessageBody(42)).toEqual({ ok: false, error: 'required' });
    expect(validateMessageBody('  ', { withAttachments: true })).toEqual({ ok: true, body: '' });
    expect(validateMessageBody(` ${'a'.repeat(messageBodyMaxLength)} `)).toEqual({
      ok: true,
      body: 'a'.repeat(messageBodyMaxLength),
    });
    expect(validateMessageBody('a'.repeat(messageBodyMaxLength + 1))).toEqual({
      ok: false,
      error: 'too_long',
    });
  });

  it('never throws and never returns a body beyond the limit', () => {
    fc.assert(
      fc.property(fc.anything(), fc.boolean(), (input, withAttachments) => {
        const result = validateMessageBody(input, { withAttachments });
        if (result.ok) expect(result.body.length).toBeLessThanOrEqual(messageBodyMaxLength);
      }),
    );
  });
});

describe('checkAttachmentRequest', () => {
  it('accepts pictures under 25 MB and model files up to the upload limit', () => {
    expect(checkAttachmentRequest('photo.JPG', 1000, 10 * mb)).toEqual({
      ok: true,
      format: 'jpg',
      maxBytes: maxPictureBytes,
    });
    expect(checkAttachmentRequest('part.stl', 10 * mb, 10 * mb)).toEqual({
      ok: true,
      format: 'stl',
      maxBytes: 10 * mb,
    });
    expect(checkAttachmentRequest('photo.png', maxPictureBytes + 1, 1000 * mb)).toEqual({
      ok: false,
      refusal: 'too_large',
    });
    expect(checkAttachmentRequest('part.stl', 10 * mb + 1, 10 * mb)).toEqual({
      ok: false,
      refusal: 'too_large',
    });
  });

  it('refuses bad names, other types and empty or undeclared sizes', () => {
    expect(checkAttachmentRequest('../x.png', 10, mb)).toEqual({ ok: false, refusal: 'name' });
    expect(checkAttachmentRequest('.hidden.png', 10, mb)).toEqual({ ok: false, refusal: 'name' });
    expect(checkAttachmentRequest('setup.exe', 10, mb)).toEqual({ ok: false, refusal: 'type' });
    expect(checkAttachmentRequest('page.html', 10, mb)).toEqual({ ok: false, refusal: 'type' });
    expect(checkAttachmentRequest('noext', 10, mb)).toEqual({ ok: false, refusal: 'type' });
    expect(checkAttachmentRequest('a.png', 0, mb)).toEqual({ ok: false, refusal: 'empty' });
    expect(checkAttachmentRequest('a.png', NaN, mb)).toEqual({ ok: false, refusal: 'empty' });
  });

  it('is always within the limits when it accepts', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: -5, max: 60 * mb }), (name, size) => {
        const result = checkAttachmentRequest(name, size, 30 * mb);
        if (result.ok) {
          expect(size).toBeGreaterThan(0);
          expect(size).toBeLessThanOrEqual(result.maxBytes);
        }
      }),
    );
  });

  it('stores pictures with their type and everything else as octet-stream', () => {
    expect(attachmentContentType('jpeg')).toBe('image/jpeg');
    expect(attachmentContentType('webp')).toBe('image/webp');
    expect(attachmentContentType('stl')).toBe('application/octet-stream');
  });
});
