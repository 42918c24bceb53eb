/** The `/tutorials` index's query (filters in the URL, so the page works without scripts). */
import {
  skillLevels,
  softwareOfSlug,
  softwareSlug,
  type SkillLevel,
  type TutorialSoftware,
} from './tutorial-fields';

export const tutorialSorts = ['newest', 'most_liked'] as const;
export type TutorialSort = (typeof tutorialSorts)[number];
export const tutorialsPerPage = 20;
/** Deeper pages are refused like the catalogue's (nobody reads page 500; bots would). */
export const maxTutorialPage = 400;

export interface TutorialFilters {
  software: TutorialSoftware[];
  skills: SkillLevel[];
  sort: TutorialSort;
  page: number;
}

type Query = Record<string, string | string[] | undefined>;

const all = (value: string | string[] | undefined) =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** Unknown values are left out, not refused: a hand-edited URL still lists something. */
export function parseTutorialQuery(query: Query): TutorialFilters {
  const software = new Set(
    all(query.software)
      .map(softwareOfSlug)
      .filter((name) => name !== null),
  );
  const skills = new Set(
    all(query.skill).filter((s): s is SkillLevel => (skillLevels as readonly string[]).includes(s)),
  );
  const rawSort = all(query.sort)[0];
  const sort: TutorialSort = rawSort === 'most_liked' ? 'most_liked' : 'newest';
  const rawPage = all(query.page)[0] ?? '1';
  const page = /^[1-9][0-9]{0,5}$/.test(rawPage) ? Math.min(Number(rawPage), maxTutorialPage) : 1;
  return {
    software: [...software],
    skills: skillLevels.filter((level) => skills.has(level)),
    sort,
    page,
  };
}

/** The filters as URL query values (defaults left out). */
export function tutorialFiltersToQuery(filters: TutorialFilters): Record<string, string | string[] | null> {
  return {
    software: filters.software.length > 0 ? filters.software.map(softwareSlug) : null,
    skill: filters.skills.length > 0 ? filters.skills : null,
    sort: filters.sort === 'newest' ? null : filters.sort,
    page: filters.page > 1 ? String(filters.page) : null,
  };
}
