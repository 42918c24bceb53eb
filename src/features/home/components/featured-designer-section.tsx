'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';

import type { ModelCardData } from '@/components/ui/model-card';
import { useNearViewport } from '@/components/ui/use-near-viewport';
import type { Locale } from '@/i18n/routing';
import { reportClientError } from '@/lib/client-errors';

import type { FeaturedDesignerData } from '../schemas';
import { FeaturedDesignerCard, type FeaturedDesignerLabels } from './featured-designer-card';
import styles from './featured-designer-section.module.css';
import { postToApi } from '@/lib/api-client';

type FeaturedDesignerResponse = FeaturedDesignerData & { products: ModelCardData[] };

/** Spec §7 featured designer call; errors are logged, reported and rethrown (spec §8). */
export async function fetchFeaturedDesigner(locale: Locale): Promise<FeaturedDesignerResponse | null> {
  try {
    const response = await fetch(`/api/internal/featured_designers?locale=${locale}`, {
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return ((await response.json()) as { data: FeaturedDesignerResponse | null }).data;
  } catch (error) {
    reportClientError('Error fetching featured designer', error);
    throw error;
  }
}

/** Spec §7 tracking call; a failure is only reported (spec §8). */
export async function trackFeaturedDesigner(id: number): Promise<void> {
  try {
    const response = await postToApi(`/api/internal/featured_designers/${id}/track`);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
  } catch (error) {
    reportClientError('Failed to track featured designer', error);
  }
}

/**
 * Spec §4: fetched once when within 300 px of the viewport; on failure the guard resets (the next
 * approach tries again); rendered only when the designer has an id; once at least half of the card is
 * visible, the tracking call fires, once. `fallback` is the server-rendered card for no-script visitors.
 */
export function FeaturedDesignerSection({
  locale,
  title,
  fallback,
  labels,
}: {
  locale: Locale;
  title: ReactNode;
  fallback: ReactNode;
  labels: FeaturedDesignerLabels & { loading: string };
}) {
  const sectionRef = useRef<HTMLElement>(null);
  const cardRef = useRef<HTMLDivElement>(null);
  const near = useNearViewport(sectionRef, { margin: 300, threshold: 0.1, once: false });
  const fetching = useRef(false);
  const tracked = useRef(false);
  const [data, setData] = useState<FeaturedDesignerResponse | null | undefined>(undefined);

  useEffect(() => {
    if (!near || fetching.current || data !== undefined) return;
    fetching.current = true;
    fetchFeaturedDesigner(locale).then(setData, () => {
      fetching.current = false;
    });
  }, [near, locale, data]);

  const designerId = data?.id;
  useEffect(() => {
    const card = cardRef.current;
    if (!card || !designerId) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (tracked.current || !entries.some((entry) => entry.intersectionRatio >= 0.5)) return;
        tracked.current = true;
        observer.disconnect();
        void trackFeaturedDesigner(designerId);
      },
      { threshold: 0.5 },
    );
    observer.observe(card);
    return () => observer.disconnect();
  }, [designerId]);

  if (data === null || (data !== undefined && !data.id)) return null;
  return (
    <section
      ref={sectionRef}
      className={`container ${styles.section}`}
      aria-labelledby="featured-designer-title"
    >
      {title}
      {data === undefined ? (
        <div className={styles.placeholder} aria-busy="true">
          <span className="visually-hidden">{labels.loading}</span>
          <noscript>{fallback}</noscript>
        </div>
      ) : (
        <div ref={cardRef}>
          <FeaturedDesignerCard designer={data} products={data.products} labels={labels} />
        </div>
      )}
    </section>
  );
}
