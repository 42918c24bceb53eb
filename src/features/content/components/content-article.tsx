import type { ReactNode } from 'react';

import type { ContentDocument } from '../schemas';
import styles from './content-article.module.css';

/** Rendered Markdown from `content/` (our own files, so its HTML is trusted). */
export function ContentBody({ html }: { html: string }) {
  return <div className={styles.body} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** A content page (about us, press, careers, …): title, lead and body, then what the page adds. */
export function ContentPageArticle({ page, children }: { page: ContentDocument; children?: ReactNode }) {
  return (
    <article className="container">
      <h1 className="page-title">{page.title}</h1>
      <p className="page-lead">{page.description}</p>
      <ContentBody html={page.html} />
      {children}
    </article>
  );
}
