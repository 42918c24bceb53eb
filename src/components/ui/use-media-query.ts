'use client';

import { useEffect, useState } from 'react';

/** Whether the viewport is narrower than `width`, re-read on resize after `debounceMs` (spec §4). */
export function useNarrowerThan(width: number, debounceMs = 300): boolean | null {
  const [narrow, setNarrow] = useState<boolean | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = () => setNarrow(window.innerWidth < width);
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(read, debounceMs);
    };
    read();
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, [width, debounceMs]);
  return narrow;
}
