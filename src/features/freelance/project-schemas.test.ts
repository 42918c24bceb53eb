import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { designerSkills } from '@/features/designers/api';

import {
  boardFiltersToQuery,
  checkBudget,
  deadlineBounds,
  defaultBoardFilters,
  maxBudgetCents,
  minBudgetCents,
  parseBoardQuery,
  parseDeadlineDate,
  validateProject,
} from './project-schemas';

const now = new Date('2026-11-22T15:30:00Z');

const valid = (overrides: Record<string, unknown> = {}) => ({
  title: 'Low-poly fox for a mobile game',
  description: 'A rigged low-poly fox, under 2,000 triangles, with a hand-painted texture.',
  budget: '150.50',
  deadline: '2026-12-20',
  software: 'Blender, Substance Painter',
  skills: ['low-poly-modeling', 'rigging'],
  fileFormats: ['fbx', 'glb'],
  referenceLinks: 'https://example.com/fox\nhttp://example.org/ref.png',
  ...overrides,
});

const errorsOf = (overrides: Record<string, unknown>) => {
  const result = validateProject(valid(overrides), now);
  return result.ok ? {} : result.fieldErrors;
};

describe('the posting form rules', () => {
  it('accepts a valid project and cleans it', () => {
    const result = validateProject(
      valid({ skills: ['rigging', 'low-poly-modeling', 'rigging'], software: ' Blender ,blender, Maya ' }),
      now,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toMatchObject({
      budgetCents: 15050,
      skills: ['low-poly-modeling', 'rigging'],
      software: ['Blender', 'Maya'],
      fileFormats: ['fbx', 'glb'],
      referenceLinks: ['https://example.com/fox', 'http://example.org/ref.png'],
    });
    expect(result.value.deadline.toISOString()).toBe('2026-12-20T23:59:59.999Z');
  });

  it('checks the title at and beyond its limits', () => {
    expect(errorsOf({ title: '' }).title).toBe('required');
    expect(errorsOf({ title: '   ' }).title).toBe('required');
    expect(errorsOf({ title: 'abcd' }).title).toBe('title_length');
    expect(errorsOf({ title: 'abcde' }).title).toBeUndefined();
    expect(errorsOf({ title: 'a'.repeat(100) }).title).toBeUndefined();
    expect(errorsOf({ title: 'a'.repeat(101) }).title).toBe('title_length');
  });

  it('checks the description at and beyond 5,000 characters', () => {
    expect(errorsOf({ description: '' }).description).toBe('required');
    expect(errorsOf({ description: 'x'.repeat(5000) }).description).toBeUndefined();
    expect(errorsOf({ description: 'x'.repeat(5001) }).description).toBe('description_long');
  });

  it('checks the budget: format, $10 minimum, $100,000 maximum', () => {
    expect(errorsOf({ budget: '' }).budget).toBe('required');
    expect(errorsOf({ budget: 'ten' }).budget).toBe('budget_format');
    expect(errorsOf({ budget: '10.555' }).budget).toBe('budget_format');
    expect(errorsOf({ budget: '-20' }).budget).toBe('budget_format');
    expect(errorsOf({ budget: '9.99' }).budget).toBe('budget_range');
    expect(errorsOf({ budget: '10' }).budget).toBeUndefined();
    expect(errorsOf({ budget: '100000' }).budget).toBeUndefined();
    expect(errorsOf({ budget: '100,000.00' }).budget).toBeUndefined();
    expect(errorsOf({ budget: '100000.01' }).budget).toBe('budget_range');
  });

  it('checks the deadline with the clock as a parameter: 1 to 365 days after today (UTC)', () => {
    expect(errorsOf({ deadline: '' }).deadline).toBe('required');
    expect(errorsOf({ deadline: '2026-02-30' }).deadline).toBe('deadline_format');
    expect(errorsOf({ deadline: '22/12/2026' }).deadline).toBe('deadline_format');
    expect(errorsOf({ deadline: '2026-11-22' }).deadline).toBe('deadline_range');
    expect(errorsOf({ deadline: '2026-11-23' }).deadline).toBeUndefined();
    expect(errorsOf({ deadline: '2027-11-22' }).deadline).toBeUndefined();
    expect(errorsOf({ deadline: '2027-11-23' }).deadline).toBe('deadline_range');
    expect(deadlineBounds(now)).toEqual({ min: '2026-11-23', max: '2027-11-22' });
    // Late in the evening the same day still counts as today.
    const late = new Date('2026-11-22T23:59:59Z');
    expect(validateProject(valid({ deadline: '2026-11-23' }), late).ok).toBe(true);
    expect(validateProject(valid({ deadline: '2026-11-23' }), new Date('2026-11-23T00:00:00Z')).ok).toBe(
      false,
    );
  });

  it('checks software, skills, formats and links at and beyond their limits', () => {
    const programs = (n: number) => Array.from({ length: n }, (_, i) => `Program ${i}`).join(', ');
    expect(errorsOf({ software: programs(10) }).software).toBeUndefined();
    expect(errorsOf({ software: programs(11) }).software).toBe('software_count');
    expect(errorsOf({ software: 'a'.repeat(40) }).software).toBeUndefined();
    expect(errorsOf({ software: 'a'.repeat(41) }).software).toBe('software_length');
    expect(errorsOf({ skills: [] }).skills).toBe('skills_required');
    expect(errorsOf({ skills: ['juggling'] }).skills).toBe('invalid_choice');
    expect(errorsOf({ skills: [...designerSkills] }).skills).toBeUndefined();
    expect(errorsOf({ fileFormats: ['exe'] }).fileFormats).toBe('invalid_choice');
    expect(errorsOf({ fileFormats: [] }).fileFormats).toBeUndefined();
    const links = (n: number) => Array.from({ length: n }, (_, i) => `https://example.com/${i}`).join('\n');
    expect(errorsOf({ referenceLinks: links(10) }).referenceLinks).toBeUndefined();
    expect(errorsOf({ referenceLinks: links(11) }).referenceLinks).toBe('links_count');
    expect(errorsOf({ referenceLinks: 'javascript:alert(1)' }).referenceLinks).toBe('link_invalid');
    expect(errorsOf({ referenceLinks: 'ftp://example.com/x' }).referenceLinks).toBe('link_invalid');
    expect(errorsOf({ referenceLinks: 'example.com' }).referenceLinks).toBe('link_invalid');
  });

  it('never throws on any input', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.anything()), (input) => {
        const result = validateProject(input, now);
        expect(typeof result.ok).toBe('boolean');
      }),
    );
  });
});

describe('budget parsing (property)', () => {
  it('accepts every whole or two-decimal amount in range, and refuses every one outside', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20_000_000 }), (cents) => {
        const text = cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
        const checked = checkBudget(text);
        if (cents >= minBudgetCents && cents <= maxBudgetCents) expect(checked).toEqual({ ok: true, cents });
        else expect(checked).toEqual({ ok: false, error: 'budget_range' });
      }),
    );
  });

  it('never accepts text that is not an amount', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const checked = checkBudget(text);
        if (checked.ok) {
          expect(checked.cents).toBeGreaterThanOrEqual(minBudgetCents);
          expect(checked.cents).toBeLessThanOrEqual(maxBudgetCents);
          expect(text).toMatch(/^\$?\s*[\d,]+(\.\d{1,2})?$/);
        }
      }),
    );
  });
});

describe("the board's query string", () => {
  it('reads filters, sort and page, and writes them back', () => {
    const filters = parseBoardQuery({
      skills: ['rigging', 'texturing', 'nope'],
      software: '  Blender ',
      budget_min: '100',
      budget_max: '2500.50',
      status: 'completed',
      sort: 'budget',
      page: '3',
    });
    expect(filters).toEqual({
      skills: ['rigging', 'texturing'],
      software: 'Blender',
      budgetMinCents: 10000,
      budgetMaxCents: 250050,
      status: 'completed',
      sort: 'budget',
      page: 3,
    });
    expect(parseBoardQuery(boardFiltersToQuery(filters) as Record<string, string | string[]>)).toEqual(
      filters,
    );
    expect(boardFiltersToQuery(defaultBoardFilters)).toEqual({
      skills: null,
      software: null,
      budget_min: null,
      budget_max: null,
      status: null,
      sort: null,
      page: null,
    });
  });

  it('falls back to defaults on hostile values', () => {
    expect(
      parseBoardQuery({
        status: 'draft',
        sort: "newest'; drop table projects",
        page: '-4',
        budget_min: '1e9',
        budget_max: 'NaN',
        skills: '__proto__',
      }),
    ).toEqual(defaultBoardFilters);
    expect(parseBoardQuery({ status: 'cancelled', page: '99999999999' }).status).toBe('open');
  });

  it('never throws and always yields allowed values (property)', () => {
    const value = fc.oneof(fc.string(), fc.array(fc.string(), { maxLength: 4 }), fc.constant(undefined));
    fc.assert(
      fc.property(
        fc.record({
          skills: value,
          software: value,
          budget_min: value,
          budget_max: value,
          status: value,
          sort: value,
          page: value,
          other: value,
        }),
        (query) => {
          const filters = parseBoardQuery(query);
          expect(['open', 'in_progress', 'completed']).toContain(filters.status);
          expect(['newest', 'budget', 'applicants']).toContain(filters.sort);
          expect(Number.isInteger(filters.page) && filters.page >= 1).toBe(true);
          expect(filters.software.length).toBeLessThanOrEqual(40);
          for (const skill of filters.skills) expect(designerSkills).toContain(skill);
          for (const cents of [filters.budgetMinCents, filters.budgetMaxCents])
            if (cents !== null) expect(Number.isSafeInteger(cents) && cents >= 0).toBe(true);
        },
      ),
    );
  });

  it('parses real dates only', () => {
    expect(parseDeadlineDate('2028-02-29')?.toISOString()).toBe('2028-02-29T23:59:59.999Z');
    expect(parseDeadlineDate('2027-02-29')).toBeNull();
    expect(parseDeadlineDate('2027-13-01')).toBeNull();
  });
});
