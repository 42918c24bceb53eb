'use client';

import { useEffect, useRef, type ComponentProps } from 'react';

/**
 * A GET form of filters that applies a ticked or unticked box at once (with scripts; without, its
 * submit button does), leaving blank fields out of the URL (without scripts the page redirects). Its
 * number fields ignore the mouse wheel like every other (`NumberWheelGuard`).
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
    // A field left blank (a price bound) stays out of the URL: no `price_min=&price_max=`.
    const onFormData = (event: FormDataEvent) => {
      const data = event.formData;
      const kept = [...data].filter(([, value]) => value !== '');
      for (const name of new Set(data.keys())) data.delete(name);
      for (const [name, value] of kept) data.append(name, value);
    };
    form.addEventListener('formdata', onFormData);
    form.addEventListener('change', onChange);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      form.removeEventListener('formdata', onFormData);
      form.removeEventListener('change', onChange);
      window.removeEventListener('pageshow', onPageShow);
    };
  }, []);
  return <form ref={ref} method="get" autoComplete="off" {...props} />;
}
