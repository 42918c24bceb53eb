import type { ChallengePhase } from '../challenge-lifecycle';
import styles from './challenges.module.css';

export function PhaseLabel({ phase, text }: { phase: ChallengePhase; text: string }) {
  return (
    <span
      className={phase === 'results' ? `${styles.phase} ${styles.phaseResults}` : styles.phase}
      data-phase={phase}
    >
      {text}
    </span>
  );
}
