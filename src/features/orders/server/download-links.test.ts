import { describe, expect, it } from 'vitest';

import { slicerFileUrl, slicerLinkLifetimeMs, userOfSlicerLink, withDownloadLinks } from './download-links';

const now = new Date('2026-11-26T12:00:00Z');
const tokenOf = (url: string) => new URL(url).pathname.split('/')[5]!;

describe('slicer links (decision 0059)', () => {
  it('name their buyer for fifteen minutes, and only for their file', () => {
    const token = tokenOf(slicerFileUrl(41, 7, 'clip.stl', now));
    expect(userOfSlicerLink(41, token, now)).toBe(7);
    expect(userOfSlicerLink(41, token, new Date(now.getTime() + slicerLinkLifetimeMs - 1000))).toBe(7);
    expect(userOfSlicerLink(41, token, new Date(now.getTime() + slicerLinkLifetimeMs + 1000))).toBeNull();
    expect(userOfSlicerLink(42, token, now)).toBeNull();
    expect(userOfSlicerLink(41, token.replace(/^7\./, '8.'), now)).toBeNull();
    expect(userOfSlicerLink(41, `${token}x`, now)).toBeNull();
    expect(userOfSlicerLink(41, '', now)).toBeNull();
  });

  it('are made only for the formats a slicer opens', () => {
    const file = { id: 3, fileName: 'Ring (size 7).3mf', format: '3mf', sizeBytes: 10 };
    const links = withDownloadLinks(file, 5, now);
    expect(links.href).toMatch(/^\/api\/internal\/downloads\/3\?expires=\d+&signature=/);
    expect(links.slicerUrl).toMatch(
      /\/api\/internal\/slicer_files\/3\/5\.\d+\.[\w-]+\/Ring%20\(size%207\)\.3mf$/,
    );
    expect(withDownloadLinks({ ...file, format: 'glb', fileName: 'ring.glb' }, 5, now).slicerUrl).toBeNull();
  });
});
