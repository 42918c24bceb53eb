'use client';

import { useEffect, useRef, type ComponentProps } from 'react';

/**
 * A GET form of filters that applies a ticked or unticked box at once (with scripts; without, its
 * submit button does). Its number fields ignore the mouse wheel like every other (`NumberWheelGuard`).
 */
export function FilterForm(props: ComponentProps<'form'>) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const form = ref.current;
    if (!form) return;
    const onChange = (event: Event) => {
      const target = event.target as HTMLInputElement;
      if (target.type === 'checkbox') form.requestSubmit();
    };
    // Back to this page (from the back/forward cache too): the boxes show its URL's filters again,
    // not the ticks that led away from it.
    const onPageShow = () => form.reset();
    form.addEventListener('change', onChange);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      form.removeEventListener('change', onChange);
      window.removeEventListener('pageshow', onPageShow);
    };
  }, []);
  return <form ref={ref} method="get" autoComplete="off" {...props} />;
}
