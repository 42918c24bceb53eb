import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { maxReferenceLinks, parseReferenceLinks, validateCustomModelRequest, validateNote } from './schemas';

const valid = {
  title: 'A brass lamp',
  description: 'A brass desk lamp with a hinge, as in the photos.',
  complexity: 'simple',
  fileFormats: ['stl'],
  referenceLinks: '',
};

const url = fc
  .webUrl({ validSchemes: ['http', 'https'] })
  .filter((u) => u.length <= 500 && new URL(u).hostname.includes('.'));

describe('the product links parser', () => {
  it('accepts up to 10 distinct http(s) links, one per line, blank lines ignored', () => {
    fc.assert(
      fc.property(fc.uniqueArray(url, { maxLength: maxReferenceLinks }), (links) => {
        const parsed = parseReferenceLinks(['', ...links, '  '].join('\n'));
        expect(parsed).toEqual({ ok: true, links });
      }),
    );
  });

  it('refuses more than 10 links', () => {
    fc.assert(
      fc.property(fc.uniqueArray(url, { minLength: maxReferenceLinks + 1, maxLength: 15 }), (links) => {
        expect(parseReferenceLinks(links.join('\n'))).toEqual({ ok: false, error: 'links_count' });
      }),
    );
  });

  it('refuses anything that is not an http(s) web address', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.constantFrom(
            'javascript:alert(1)',
            'ftp://example.com/x',
            'example.com',
            'http://localhost',
            'https://user:pw@example.com',
          ),
          fc.string({ minLength: 1 }).filter((s) => s.trim() !== '' && !/^https?:\/\//i.test(s.trim())),
        ),
        (bad) => {
          expect(parseReferenceLinks(`https://example.com/a\n${bad}`)).toEqual({
            ok: false,
            error: 'link_invalid',
          });
        },
      ),
    );
    const at500 = `https://example.com/${'a'.repeat(480)}`;
    expect(parseReferenceLinks(at500)).toEqual({ ok: true, links: [at500] });
    expect(parseReferenceLinks(`${at500}b`)).toEqual({ ok: false, error: 'link_invalid' });
  });
});

describe("a request's fields at and beyond their limits", () => {
  it('title 5–100 characters', () => {
    expect(validateCustomModelRequest({ ...valid, title: '' })).toMatchObject({
      fieldErrors: { title: 'required' },
    });
    expect(validateCustomModelRequest({ ...valid, title: 'abcd' })).toMatchObject({
      fieldErrors: { title: 'title_length' },
    });
    expect(validateCustomModelRequest({ ...valid, title: 'abcde' }).ok).toBe(true);
    expect(validateCustomModelRequest({ ...valid, title: 'a'.repeat(100) }).ok).toBe(true);
    expect(validateCustomModelRequest({ ...valid, title: 'a'.repeat(101) })).toMatchObject({
      fieldErrors: { title: 'title_length' },
    });
  });

  it('description 20–5,000 characters', () => {
    expect(validateCustomModelRequest({ ...valid, description: ' ' })).toMatchObject({
      fieldErrors: { description: 'required' },
    });
    expect(validateCustomModelRequest({ ...valid, description: 'a'.repeat(19) })).toMatchObject({
      fieldErrors: { description: 'description_length' },
    });
    expect(validateCustomModelRequest({ ...valid, description: 'a'.repeat(20) }).ok).toBe(true);
    expect(validateCustomModelRequest({ ...valid, description: 'a'.repeat(5_000) }).ok).toBe(true);
    expect(validateCustomModelRequest({ ...valid, description: 'a'.repeat(5_001) })).toMatchObject({
      fieldErrors: { description: 'description_length' },
    });
  });

  it('complexity and formats from their lists', () => {
    expect(validateCustomModelRequest({ ...valid, complexity: '' })).toMatchObject({
      fieldErrors: { complexity: 'required' },
    });
    expect(validateCustomModelRequest({ ...valid, complexity: 'huge' })).toMatchObject({
      fieldErrors: { complexity: 'invalid_choice' },
    });
    expect(validateCustomModelRequest({ ...valid, fileFormats: ['exe'] })).toMatchObject({
      fieldErrors: { fileFormats: 'invalid_choice' },
    });
    expect(validateCustomModelRequest({ ...valid, fileFormats: ['stl', 'stl', 'obj'] })).toMatchObject({
      value: { fileFormats: ['stl', 'obj'] },
    });
  });

  it('notes 10–2,000 characters', () => {
    expect(validateNote('')).toEqual({ ok: false, error: 'required' });
    expect(validateNote('a'.repeat(9))).toEqual({ ok: false, error: 'note_length' });
    expect(validateNote('a'.repeat(10))).toEqual({ ok: true, note: 'a'.repeat(10) });
    expect(validateNote('a'.repeat(2_000)).ok).toBe(true);
    expect(validateNote('a'.repeat(2_001))).toEqual({ ok: false, error: 'note_length' });
  });
});
