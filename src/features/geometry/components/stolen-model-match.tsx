/**
 * For admins only (decision 0057): an upload shaped like another seller's published model, the two
 * side by side with the similarity, on the upload's studio page; and the list of such uploads above
 * the review queue.
 */
import styles from './stolen-model-match.module.css';

export interface ComparedModel {
  title: string;
  seller: string;
  picture: string | null;
  /** Its public page (the published model) or studio page (the upload). */
  href: string | null;
}

export interface StolenModelMatchTexts {
  title: string;
  lead: string;
  upload: string;
  published: string;
  by: (seller: string) => string;
  similarity: string;
  threshold: string;
  noPicture: string;
}

function ModelFigure({
  label,
  model,
  texts,
}: {
  label: string;
  model: ComparedModel;
  texts: StolenModelMatchTexts;
}) {
  return (
    <figure className={styles.model}>
      <figcaption>
        <span className={styles.label}>{label}</span>
        <strong>{model.href ? <a href={model.href}>{model.title}</a> : model.title}</strong>
        <span>{texts.by(model.seller)}</span>
      </figcaption>
      {model.picture ? (
        <img src={model.picture} alt={model.title} width={360} height={270} loading="lazy" />
      ) : (
        <p className={styles.noPicture}>{texts.noPicture}</p>
      )}
    </figure>
  );
}

export function StolenModelComparison({
  upload,
  published,
  similarity,
  texts,
}: {
  upload: ComparedModel;
  published: ComparedModel;
  /** Already formatted, e.g. "98.8 %". */
  similarity: string;
  texts: StolenModelMatchTexts;
}) {
  return (
    <section className={styles.panel} aria-labelledby="stolen-model-title" data-testid="stolen-model-match">
      <h2 id="stolen-model-title">{texts.title}</h2>
      <p>{texts.lead}</p>
      <p className={styles.score}>
        {texts.similarity}: <strong data-testid="stolen-model-similarity">{similarity}</strong>
        <span className={styles.note}> {texts.threshold}</span>
      </p>
      <div className={styles.pair}>
        <ModelFigure label={texts.upload} model={upload} texts={texts} />
        <ModelFigure label={texts.published} model={published} texts={texts} />
      </div>
    </section>
  );
}

export interface PossibleCopy {
  id: number;
  title: string;
  seller: string;
  href: string;
  /** Already formatted, e.g. "98.8 %". */
  similarity: string;
  matchedTitle: string;
  matchedSeller: string;
}

/** The uploads of the review queue that match another seller's model, above the queue. */
export function PossibleCopies({
  copies,
  texts,
}: {
  copies: PossibleCopy[];
  texts: { title: string; lead: string; item: (copy: PossibleCopy) => string };
}) {
  if (copies.length === 0) return null;
  return (
    <section className={styles.panel} aria-labelledby="possible-copies-title" data-testid="possible-copies">
      <h2 id="possible-copies-title">{texts.title}</h2>
      <p>{texts.lead}</p>
      <ul>
        {copies.map((copy) => (
          <li key={copy.id}>
            <a href={copy.href}>{texts.item(copy)}</a>
          </li>
        ))}
      </ul>
    </section>
  );
}
