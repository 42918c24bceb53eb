'use client';

import { useEffect, useState, type RefObject } from 'react';

/**
 * True once the element comes within `margin` px of the viewport with `threshold` of it visible; with
 * `once: false` it follows the element in and out (a retry after a failed load needs that).
 */
export function useNearViewport(
  ref: RefObject<Element | null>,
  { margin, threshold = 0, once = true }: { margin: number; threshold?: number; once?: boolean },
): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        const isNear = entries.some((entry) => entry.isIntersecting);
        if (isNear && once) observer.disconnect();
        if (isNear || !once) setNear(isNear);
      },
      { rootMargin: `${margin}px 0px`, threshold },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, threshold, once]);
  return near;
}
