import { describe, expect, it } from 'vitest';

import { avatarColor, avatarInitials } from './avatar-initials';

describe('avatarInitials', () => {
  it.each([
    ['anna_berg', false, 'AB'],
    ['anna_berg', true, 'A'],
    ['PixelForge', false, 'PF'],
    ['zed', false, 'ZE'],
    ['z', false, 'Z'],
    ['élodie.martin', false, 'ÉM'],
  ] as const)('%s (single letter: %s) → %s', (username, single, expected) => {
    expect(avatarInitials(username, single)).toBe(expected);
  });

  it('gives a stable colour per username', () => {
    expect(avatarColor('anna_berg')).toBe(avatarColor('anna_berg'));
  });
});
