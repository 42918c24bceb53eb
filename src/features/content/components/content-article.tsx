import styles from './content-article.module.css';

/** Rendered Markdown from `content/` (our own files, so its HTML is trusted). */
export function ContentBody({ html }: { html: string }) {
  return <div className={styles.body} dangerouslySetInnerHTML={{ __html: html }} />;
}
