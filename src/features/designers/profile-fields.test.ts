import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { linkLabel, normalizeLink, validateProfileInput } from './profile-fields';

describe('normalizeLink', () => {
  it('adds https:// to an address typed without it and keeps http(s) URLs', () => {
    expect(normalizeLink(' example.com/me ')).toBe('https://example.com/me');
    expect(normalizeLink('http://Shop.Example.org')).toBe('http://shop.example.org/');
    expect(normalizeLink('https://example.com/a?b=1#c')).toBe('https://example.com/a?b=1#c');
  });

  it('refuses other schemes, hosts without a dot, credentials and spaces', () => {
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,hi',
      'ftp://example.com',
      'mailto:a@example.com',
      'localhost:3000',
      'https://intranet/',
      'https://user:pw@example.com',
      'https://192.168.0.1',
      'two words.com',
      '',
    ]) {
      expect(normalizeLink(bad), bad).toBeNull();
    }
  });

  it('gives only http(s) URLs, and the same URL when given its own result', () => {
    fc.assert(
      fc.property(fc.oneof(fc.webUrl(), fc.string(), fc.domain()), (typed) => {
        const link = normalizeLink(typed);
        if (link === null) return;
        expect(['http:', 'https:']).toContain(new URL(link).protocol);
        expect(normalizeLink(link)).toBe(link);
      }),
      { numRuns: 200 },
    );
  });

  it('labels a link by host and path', () => {
    expect(linkLabel('https://www.example.com/')).toBe('example.com');
    expect(linkLabel('https://example.com/ada/')).toBe('example.com/ada');
    expect(linkLabel('https://example.com/a?b=1')).toBe('example.com/a?b=1');
  });
});

describe('validateProfileInput', () => {
  it('drops blank and repeated links, keeps the lists’ order and collapses the name’s spaces', () => {
    const checked = validateProfileInput({
      displayName: ' A \t B ',
      about: ' hi\r\n ',
      links: [' ', 'a.example.com', 'https://a.example.com/'],
      skills: ['uv-mapping', 'animating', 'animating'],
      software: ['Maya', 'Blender'],
    });
    expect(checked).toEqual({
      ok: true,
      value: {
        displayName: 'A B',
        about: 'hi',
        links: ['https://a.example.com/'],
        skills: ['animating', 'uv-mapping'],
        software: ['Blender', 'Maya'],
        acceptsCustomRequests: true,
      },
    });
  });

  it('never accepts a text over its limit, whatever the characters', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 0, maxLength: 80 }), (name) => {
        const checked = validateProfileInput({ displayName: name });
        if (checked.ok) expect((checked.value.displayName ?? '').length).toBeLessThanOrEqual(50);
        else expect(checked.fieldErrors.displayName).toBe('display_name_long');
      }),
    );
  });
});
