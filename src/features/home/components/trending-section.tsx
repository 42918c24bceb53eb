'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';

import { Carousel } from '@/components/ui/carousel';
import { homeCarouselSettings } from '@/components/ui/carousel-settings';
import { ModelCard, type ModelCardData, type ModelCardLabels } from '@/components/ui/model-card';
import { useNearViewport } from '@/components/ui/use-near-viewport';
import type { Locale } from '@/i18n/routing';
import { reportClientError } from '@/lib/client-errors';
import { fillTemplate } from '@/lib/template';

import { trendingCount } from '../home-config';
import styles from './trending-section.module.css';

/** Spec §7 trending call; errors are logged, reported and rethrown (spec §8). */
export async function fetchTrendingModels(locale: Locale, perPage = trendingCount): Promise<ModelCardData[]> {
  try {
    const response = await fetch(`/api/internal/items/trending?per_page=${perPage}&locale=${locale}`, {
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const body = (await response.json()) as { data: { items: ModelCardData[] } };
    return body.data.items;
  } catch (error) {
    reportClientError('Error fetching trending models', error);
    throw error;
  }
}

const carouselSizes = '(max-width: 575px) 85vw, (max-width: 963px) 45vw, (max-width: 1255px) 31vw, 25vw';

/**
 * Spec §4: the trending models load once, when the section comes within 300 px of the viewport with
 * 10 % of it visible; the result is kept and never requested again (a failure shows nothing). Until
 * then — and without scripts — `fallback` (the server-rendered grid) is in a <noscript>.
 */
export interface TrendingLabels {
  loading: string;
  carousel: string;
  previous: string;
  next: string;
  /** "{position} of {total}" */
  slide: string;
  /** "Go to model {position}" */
  goTo: string;
  card: ModelCardLabels;
}

export function TrendingSection({
  locale,
  title,
  browseAll,
  fallback,
  labels,
}: {
  locale: Locale;
  title: ReactNode;
  browseAll: ReactNode;
  fallback: ReactNode;
  labels: TrendingLabels;
}) {
  const ref = useRef<HTMLElement>(null);
  const near = useNearViewport(ref, { margin: 300, threshold: 0.1 });
  const requested = useRef(false);
  const [items, setItems] = useState<ModelCardData[] | null>(null);

  useEffect(() => {
    if (!near || requested.current) return;
    requested.current = true;
    fetchTrendingModels(locale).then(setItems, () => setItems([]));
  }, [near, locale]);

  return (
    <section ref={ref} className={`container ${styles.section}`} aria-labelledby="trending-title">
      <div className={styles.header}>
        {title}
        {browseAll}
      </div>
      {items === null ? (
        <div className={styles.placeholder} aria-busy="true">
          <span className="visually-hidden">{labels.loading}</span>
          <noscript>{fallback}</noscript>
        </div>
      ) : items.length > 0 ? (
        <Carousel
          settings={homeCarouselSettings}
          labels={{
            region: labels.carousel,
            previous: labels.previous,
            next: labels.next,
            slide: (position, total) => fillTemplate(labels.slide, { position, total }),
            goTo: (position) => fillTemplate(labels.goTo, { position }),
          }}
          slides={items.map((model) => (
            <ModelCard
              key={model.id}
              model={model}
              headingLevel={3}
              sizes={carouselSizes}
              labels={labels.card}
            />
          ))}
        />
      ) : null}
    </section>
  );
}
