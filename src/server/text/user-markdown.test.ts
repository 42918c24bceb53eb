import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { renderUserMarkdown, safeLinkTarget, standaloneSitePaths } from './user-markdown';

describe('renderUserMarkdown', () => {
  it('renders Markdown and shows raw HTML as text', () => {
    const html = renderUserMarkdown('**bold** <script>alert(1)</script>\n\n<img src=x onerror=alert(1)>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).not.toMatch(/<script|<img/);
    expect(html).toContain('&lt;script&gt;');
  });

  it('marks links nofollow ugc, drops unsafe schemes and localizes site links', () => {
    const html = renderUserMarkdown(
      '[a](https://example.com/x) [b](javascript:alert(1)) [c](/3d-models) https://example.org',
      { localizeLink: (href) => `/de${href}` },
    );
    expect(html).toContain('<a href="https://example.com/x" rel="nofollow ugc noopener" target="_blank">a</a>');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('b');
    expect(html).toContain('<a href="/de/3d-models" rel="nofollow ugc noopener">c</a>');
    expect(html).toContain('href="https://example.org/"');
  });

  it('shows only pictures from the site file store', () => {
    expect(renderUserMarkdown('![print](/files/makes/a.webp)')).toContain('<img src="/files/makes/a.webp" alt="print"');
    const foreign = renderUserMarkdown('![pixel](https://tracker.example/p.gif)');
    expect(foreign).not.toContain('<img');
    expect(foreign).toContain('pixel');
  });

  it('never lets an element with an event handler or a script through, whatever the text', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.string(),
            fc.constantFrom('<', '>', '"', "'", '[', ']', '(', ')', '!', '`', 'javascript:', 'onerror=', '<svg', '<a href', '&lt;', '\n'),
          ),
          { maxLength: 30 },
        ),
        (parts) => {
          const html = renderUserMarkdown(parts.join(''));
          expect(html).not.toMatch(/<(script|svg|iframe|object|embed|style)/i);
          expect(html).not.toMatch(/<[a-z][^>]*\son[a-z]+=/i);
          expect(html).not.toMatch(/href="\s*javascript:/i);
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('safeLinkTarget', () => {
  it('keeps site paths, http(s) and mailto; refuses protocol-relative and scripts', () => {
    expect(safeLinkTarget('/forum')).toBe('/forum');
    expect(safeLinkTarget('//evil.example')).toBeNull();
    expect(safeLinkTarget('data:text/html,x')).toBeNull();
    expect(safeLinkTarget('mailto:a@b.example')).toBe('mailto:a@b.example');
  });
});

describe('standaloneSitePaths', () => {
  it('finds site links on lines of their own, full or as paths, once each', () => {
    const text = 'look:\nhttps://meshbay.example/3d-models/gear-1?x=1\n/3d-models/gear-1\nsee /3d-models/other inline';
    expect(standaloneSitePaths(text, 'https://meshbay.example')).toEqual(['/3d-models/gear-1']);
  });
});
