import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  publishRefusal,
  tutorialIdOf,
  tutorialSegment,
  validateComment,
  validateTutorial,
} from './tutorial-fields';
import { transition } from './tutorial-lifecycle';
import { parseTutorialQuery, tutorialFiltersToQuery } from './tutorial-listing';

describe('validateTutorial', () => {
  it('normalizes a good tutorial and keeps software in the list order, each once', () => {
    expect(
      validateTutorial({
        title: '  Clean   topology ',
        body: 'a\r\nb',
        software: ['ZBrush', 'Blender', 'ZBrush'],
        skillLevel: 'beginner',
      }),
    ).toEqual({
      ok: true,
      value: {
        title: 'Clean topology',
        body: 'a\nb',
        software: ['Blender', 'ZBrush'],
        skillLevel: 'beginner',
      },
    });
  });

  it('names every bad field', () => {
    expect(validateTutorial({ title: 'abc', software: ['Photoshop'], skillLevel: 'guru' })).toEqual({
      ok: false,
      fieldErrors: { title: 'title_short', software: 'invalid_choice', skillLevel: 'invalid_choice' },
    });
    expect(validateTutorial(null)).toMatchObject({ ok: false, fieldErrors: { title: 'required' } });
    expect(
      validateTutorial({
        title: 'x'.repeat(121),
        body: 'y'.repeat(40_001),
        software: ['Blender', 'Maya', 'ZBrush', 'Houdini', 'Rhino', 'Cura'],
        skillLevel: 'advanced',
      }),
    ).toEqual({
      ok: false,
      fieldErrors: { title: 'title_long', body: 'body_long', software: 'software_too_many' },
    });
  });

  it('never throws, whatever it is given', () => {
    fc.assert(fc.property(fc.anything(), (raw) => typeof validateTutorial(raw).ok === 'boolean'));
  });
});

describe('publishRefusal', () => {
  it('asks for a cover, a text and a software', () => {
    expect(publishRefusal({ coverKey: null, body: 'x', software: ['Blender'] })).toBe('cover_required');
    expect(publishRefusal({ coverKey: 'k', body: ' ', software: ['Blender'] })).toBe('body_required');
    expect(publishRefusal({ coverKey: 'k', body: 'x', software: [] })).toBe('software_required');
    expect(publishRefusal({ coverKey: 'k', body: 'x', software: ['Blender'] })).toBeNull();
  });
});

describe('tutorial URL segments', () => {
  it('round-trips the id through the segment, whatever the title', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2_147_483_647 }), fc.string(), (id, title) => {
        const segment = tutorialSegment(id, title);
        expect(segment).toMatch(/^[0-9]+(-[a-z0-9-]+)?$/);
        expect(tutorialIdOf(segment)).toBe(id);
      }),
    );
  });

  it('refuses segments that do not start with a usable id', () => {
    for (const bad of ['', '0', '01-x', 'abc', '-1', '99999999999', '12/edit', '1.5'])
      expect(tutorialIdOf(bad)).toBeNull();
    expect(tutorialSegment(7, 'Éclairage & rendu')).toBe('7-eclairage-rendu');
  });
});

describe('validateComment', () => {
  it('trims and bounds a comment', () => {
    expect(validateComment({ body: '  hi  ' })).toEqual({ ok: true, body: 'hi' });
    expect(validateComment({ body: '   ' })).toEqual({ ok: false, error: 'required' });
    expect(validateComment({ body: 'x'.repeat(4001) })).toEqual({ ok: false, error: 'comment_long' });
    expect(validateComment(42)).toEqual({ ok: false, error: 'required' });
  });
});

describe('parseTutorialQuery', () => {
  it('keeps known filters, drops the rest, and survives any query', () => {
    expect(
      parseTutorialQuery({
        software: ['blender', 'nope', '3ds-max'],
        skill: ['advanced', 'x'],
        sort: 'most_liked',
        page: '3',
      }),
    ).toEqual({ software: ['Blender', '3ds Max'], skills: ['advanced'], sort: 'most_liked', page: 3 });
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.array(fc.string()))), (query) => {
        const filters = parseTutorialQuery(query);
        expect(filters.page).toBeGreaterThanOrEqual(1);
        expect(
          parseTutorialQuery(tutorialFiltersToQuery(filters) as Record<string, string | string[]>),
        ).toEqual(filters);
      }),
    );
  });
});

describe('tutorial lifecycle', () => {
  it('dates the first publication only, the clock a parameter', () => {
    const first = new Date('2026-01-01T00:00:00Z');
    const later = new Date('2026-02-01T00:00:00Z');
    const published = transition({ status: 'draft', publishedAt: null }, 'published', first);
    expect(published).toEqual({ status: 'published', publishedAt: first, updatedAt: first });
    const draft = transition(published, 'draft', later);
    expect(transition(draft, 'published', later).publishedAt).toEqual(first);
    expect(() => transition(draft, 'draft', later)).toThrow();
  });
});
