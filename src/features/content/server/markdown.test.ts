import { describe, expect, it } from 'vitest';

import { parseFrontMatter, renderMarkdown } from './markdown';

describe('parseFrontMatter', () => {
  it('reads quoted and bare values', () => {
    const { data, body } = parseFrontMatter(
      '---\ntitle: "A: title"\ndescription: Short one\nreadingMinutes: 4\n---\n\n## Hello\n',
      'x.md',
    );
    expect(data).toEqual({ title: 'A: title', description: 'Short one', readingMinutes: 4 });
    expect(body.trim()).toBe('## Hello');
  });

  it('names the file when front matter is missing or incomplete', () => {
    expect(() => parseFrontMatter('## no front matter', 'a.md')).toThrow(/a\.md: missing front matter/);
    expect(() => parseFrontMatter('---\ntitle: "x"\n---\n', 'b.md')).toThrow(/b\.md/);
  });
});

describe('renderMarkdown', () => {
  it('localizes site links and keeps others', () => {
    const html = renderMarkdown(
      'See [models](/3d-models) and [x](https://example.com).',
      (href) => `/de${href}`,
    );
    expect(html).toContain('href="/de/3d-models"');
    expect(html).toContain('href="https://example.com"');
  });
});
