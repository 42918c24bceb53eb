'use client';

import { useEffect } from 'react';

import { experimentEvent, pushToDataLayer } from '@/lib/analytics';

/** Pushes the page's experiment events to the analytics data layer once (spec §3). */
export function ExperimentEvents({
  experiments,
}: {
  experiments: { id: string; variation: boolean | null }[];
}) {
  useEffect(() => {
    const target = window as unknown as { dataLayer?: unknown[] };
    for (const { id, variation } of experiments) pushToDataLayer(target, experimentEvent(id, variation));
  }, [experiments]);
  return null;
}
