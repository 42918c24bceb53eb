/** Progress of a long backup or restore on stderr (stdout stays free for the summary). */

export interface Progress {
  /** One step, on a line of its own. */
  step(message: string): void;
  /** A count that grows (files copied): printed at most once a second, and at the end. */
  count(label: string, done: number, total: number, bytes?: number, note?: string): void;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

export function stderrProgress(
  write: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Progress {
  let lastCountAt = 0;
  return {
    step: (message) => write(message),
    count: (label, done, total, bytes, note) => {
      const now = Date.now();
      if (done < total && now - lastCountAt < 1000) return;
      lastCountAt = now;
      const details = [bytes === undefined ? '' : formatBytes(bytes), note ?? ''].filter(Boolean).join(', ');
      write(
        `  ${label}: ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')}${details ? ` (${details})` : ''}`,
      );
    },
  };
}

export const silentProgress: Progress = { step: () => {}, count: () => {} };
