'use client';

import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
  type ReactNode,
} from 'react';

import { useNarrowerThan } from '@/components/ui/use-media-query';
import { pushToDataLayer } from '@/lib/analytics';
import { breakpoints } from '@/lib/breakpoints';
import { reportClientError } from '@/lib/client-errors';
import { buildHref } from '@/lib/query-string';
import { fillTemplate } from '@/lib/template';

import type { LiveSearchResponse } from '../schemas';
import { latestRequest } from './latest-request';
import { isPrintPage } from './print-page';
import styles from './search-box.module.css';
import { postToApi, warmCsrfToken } from '@/lib/api-client';

/** Spec §9 search constants. */
export const suggestionDebounceMs = 300;
export const suggestionTimeoutMs = 3000;

export interface SearchComboboxLabels {
  form: string;
  input: string;
  submit: string;
  searching: string;
  suggestions: string;
  categories: string;
  keywords: string;
  models: string;
  /** "{keyword} in {category}" */
  keywordInCategory: string;
}

type Option =
  /** `url`: a keyword within a category, searched in that category's listing. */
  | { kind: 'keyword'; keyword: string; thumbnailUrl: string | null; label: string; url?: string }
  | { kind: 'item'; url: string; thumbnailUrl: string; label: string };

interface Group {
  key: 'categories' | 'keywords' | 'models';
  options: Option[];
}

function groupsOf(answer: LiveSearchResponse, labels: SearchComboboxLabels): Group[] {
  const groups: Group[] = [
    {
      key: 'categories',
      options: answer.keywordsInCategory.map((entry) => ({
        kind: 'keyword',
        keyword: entry.keyword,
        thumbnailUrl: entry.thumbnailUrl,
        url: entry.url,
        label: fillTemplate(labels.keywordInCategory, {
          keyword: entry.keyword,
          category: entry.categoryTitle,
        }),
      })),
    },
    {
      key: 'keywords',
      options: answer.keywords.map((entry) => ({
        kind: 'keyword',
        keyword: entry.suggestedKeyword,
        thumbnailUrl: entry.thumbnailUrl,
        label: entry.suggestedKeyword,
      })),
    },
    {
      key: 'models',
      options: answer.items.map((item) => ({
        kind: 'item',
        url: item.url,
        thumbnailUrl: item.itemThumbnailImage,
        label: item.itemTitle,
      })),
    },
  ];
  return groups.filter((group) => group.options.length > 0);
}

/** Spec §7 search tracking: to the analytics data layer, and to the server, which learns suggestions. */
function trackSearch(searchTerm: string) {
  pushToDataLayer(window as { dataLayer?: unknown[] }, { event: 'search', searchTerm, type: 'model' });
  void postToApi('/api/internal/search_events', {
    keepalive: true,
    json: { searchTerm, type: 'model' },
  }).catch(() => undefined);
}

const staticLocation = () => () => undefined;

/**
 * Whether the box is on a 3D-print page (read from the browser's address after hydration: the
 * header's box is rendered once for every page by the layout, which does not know the page).
 */
function useOnPrintPage(paths: { printListing: string; search: string }): boolean {
  return useSyncExternalStore(
    staticLocation,
    () => isPrintPage(window.location, paths),
    () => false,
  );
}

/**
 * The search box's form with live suggestions (spec §4): suggestions after a 300 ms pause in typing,
 * one request at a time with a 3 s limit, the ARIA combobox pattern (arrows, Enter, Escape, click
 * outside), a spinner once submitted, and a full-width list below md. Rendered on the server as a
 * plain GET form, so it searches without scripts too.
 */
export function SearchCombobox({
  locale,
  action,
  variant,
  inputId,
  maxLength,
  printReady,
  printPaths,
  labels,
  printLabels,
  placeholders,
  printPlaceholders,
  imageSearch,
}: {
  locale: string;
  action: string;
  variant: 'hero' | 'header';
  inputId: string;
  maxLength: number;
  /** Print-ready mode always (the print landing's box); otherwise on the pages `printPaths` name. */
  printReady: boolean;
  printPaths: { printListing: string; search: string };
  labels: SearchComboboxLabels;
  /** The field's label and placeholders in print-ready mode. */
  printLabels: Pick<SearchComboboxLabels, 'form' | 'input'>;
  placeholders: ReactNode;
  printPlaceholders: ReactNode;
  /** The search-by-image trigger, beside the field. */
  imageSearch?: ReactNode;
}) {
  const onPrintPage = useOnPrintPage(printPaths);
  const printMode = printReady || onPrintPage;
  const listId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [groups, setGroups] = useState<Group[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [submitting, setSubmitting] = useState(false);
  const mobile = useNarrowerThan(breakpoints.md, suggestionDebounceMs);
  const requests = useMemo(
    () =>
      latestRequest<LiveSearchResponse>({
        timeoutMs: suggestionTimeoutMs,
        onError: (error) => reportClientError('Error fetching search suggestions', error),
      }),
    [],
  );
  const debounce = useRef<ReturnType<typeof setTimeout>>(undefined);
  const options = groups.flatMap((group) => group.options);
  const optionId = (index: number) => `${listId}-option-${index}`;

  useEffect(
    () => () => {
      clearTimeout(debounce.current);
      requests.cancel();
    },
    [requests],
  );

  // Back to this page from the results (back/forward cache): the search is over, the spinner too.
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => event.persisted && setSubmitting(false);
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);

  // Spec §4: a click or press outside closes the list.
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!formRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const clear = () => {
    clearTimeout(debounce.current);
    requests.cancel();
    setGroups([]);
    setOpen(false);
    setActive(-1);
  };

  const onInput = (text: string) => {
    if (text.trim() === '') return clear();
    warmCsrfToken();
    clearTimeout(debounce.current);
    debounce.current = setTimeout(async () => {
      const url = buildHref('/api/internal/items/live_search.json', {
        query: text,
        locale,
        print_ready: printMode ? '1' : null,
      });
      const answer = await requests.run(url);
      if (answer === null) return;
      const next = groupsOf(answer, labels);
      setGroups(next);
      setActive(-1);
      setOpen(next.length > 0);
    }, suggestionDebounceMs);
  };

  const choose = (option: Option) => {
    setOpen(false);
    if (option.kind === 'item') {
      window.location.assign(option.url);
      return;
    }
    inputRef.current!.value = option.keyword;
    if (option.url) {
      clear();
      setSubmitting(true);
      trackSearch(option.keyword);
      window.location.assign(option.url);
      return;
    }
    formRef.current!.requestSubmit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (options.length === 0) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setOpen(true);
      setActive((index) =>
        step > 0 ? (index < options.length - 1 ? index + 1 : 0) : index > 0 ? index - 1 : options.length - 1,
      );
    } else if (event.key === 'Enter' && open && active >= 0 && options[active]) {
      event.preventDefault();
      choose(options[active]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  const firstIndexOf = groups.map((_, g) =>
    groups.slice(0, g).reduce((count, group) => count + group.options.length, 0),
  );
  return (
    <form
      ref={formRef}
      role="search"
      aria-label={printMode ? printLabels.form : labels.form}
      data-print-ready={printMode ? '' : undefined}
      action={action}
      method="get"
      className={`${styles.form} ${styles[variant]}`}
      onSubmit={(event) => {
        const text = inputRef.current?.value.trim() ?? '';
        if (text === '') {
          event.preventDefault();
          return;
        }
        clear();
        setSubmitting(true);
        trackSearch(text);
      }}
    >
      <label htmlFor={inputId} className="visually-hidden">
        {printMode ? printLabels.input : labels.input}
      </label>
      <span className={styles.field}>
        <input
          ref={inputRef}
          id={inputId}
          className={styles.input}
          type="search"
          name="keywords"
          maxLength={maxLength}
          placeholder=" "
          autoComplete="off"
          enterKeyHint="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
          onInput={(event) => onInput(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          onFocus={() => options.length > 0 && setOpen(true)}
        />
        {printMode ? printPlaceholders : placeholders}
      </span>
      {printMode && <input type="hidden" name="print_ready" value="1" />}
      {imageSearch}
      <button type="submit" className={styles.submit} aria-busy={submitting}>
        {submitting ? (
          <span className="spinner" aria-hidden="true" />
        ) : (
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
            <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.4" />
            <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
          </svg>
        )}
        <span className="visually-hidden">{submitting ? labels.searching : labels.submit}</span>
      </button>
      <div
        id={listId}
        role="listbox"
        aria-label={labels.suggestions}
        className={styles.suggestions}
        data-layout={mobile ? 'mobile' : 'desktop'}
        hidden={!open}
      >
        {groups.map((group, g) => (
          <div key={group.key} role="group" aria-label={labels[group.key]} className={styles.group}>
            <div className={styles.groupTitle} aria-hidden="true">
              {labels[group.key]}
            </div>
            {group.options.map((option, i) => {
              const optionIndex = firstIndexOf[g]! + i;
              return (
                <div
                  key={`${option.kind}-${option.label}`}
                  id={optionId(optionIndex)}
                  role="option"
                  aria-selected={optionIndex === active}
                  className={styles.option}
                  data-kind={option.kind}
                  onPointerDown={(event) => event.preventDefault()}
                  onClick={() => choose(option)}
                  onPointerEnter={() => setActive(optionIndex)}
                >
                  {option.thumbnailUrl ? (
                    <img src={option.thumbnailUrl} width={60} height={40} alt="" loading="lazy" />
                  ) : (
                    <span className={styles.noThumbnail} aria-hidden="true" />
                  )}
                  <span>{option.label}</span>
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </form>
  );
}
