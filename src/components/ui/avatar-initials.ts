/** Spec §3 "Avatar": the initials shown when there is no picture — 1 letter in single-letter mode, else 2. */
export function avatarInitials(username: string, singleLetter: boolean): string {
  const words = username
    .replace(/[_.-]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  const letters =
    words.length >= 2
      ? [...(words[0] ?? '')].slice(0, 1).concat([...(words[1] ?? '')].slice(0, 1))
      : [...(words[0] ?? '')].slice(0, 2);
  return (singleLetter ? letters.slice(0, 1) : letters).join('').toUpperCase();
}

const palette = ['#2b50d8', '#0f7b6c', '#b54708', '#9e1f63', '#5925dc', '#1d6b3a', '#a4262c', '#3b5b92'];

/** A stable colour per username for "color" avatars (all have white text at ≥ 4.5 contrast). */
export function avatarColor(username: string): string {
  let hash = 0;
  for (const char of username) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return palette[hash % palette.length]!;
}
