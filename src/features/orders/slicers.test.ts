import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  fileForSlicer,
  fileUrlOfSlicerLink,
  slicerById,
  slicerFormats,
  slicerOpenUrl,
  slicers,
} from './slicers';

const bambu = slicerById('bambu')!;
const cura = slicerById('cura')!;
const url = 'https://meshbay.example/api/internal/slicer_files/7/3.1800000000.abc_-9/Vase%20(tall).3mf';

describe('slicer links (decision 0059)', () => {
  it('uses each slicer’s documented form, and Bambu Studio’s own one on macOS', () => {
    const encoded = encodeURIComponent(url);
    expect(slicers.map((slicer) => slicerOpenUrl(slicer, url, false))).toEqual([
      `bambustudio://open?file=${encoded}`,
      `orcaslicer://open?file=${encoded}`,
      `prusaslicer://open?file=${encoded}`,
      `cura://open?file=${encoded}`,
    ]);
    expect(slicerOpenUrl(bambu, url, true)).toBe(`bambustudioopen://${encoded}`);
  });

  it('hands every slicer exactly the address it was given, whatever it contains', () => {
    fc.assert(
      fc.property(
        fc.webUrl({ withQueryParameters: true, withFragments: true }),
        fc.boolean(),
        (address, mac) => {
          for (const slicer of slicers)
            expect(fileUrlOfSlicerLink(slicerOpenUrl(slicer, address, mac))).toBe(address);
        },
      ),
    );
  });

  it('picks the format a slicer prefers, and none it cannot open', () => {
    const files = [{ format: 'glb' }, { format: 'STL' }, { format: 'step' }, { format: '3mf' }];
    expect(fileForSlicer(bambu, files)).toEqual({ format: '3mf' });
    expect(fileForSlicer(bambu, files.slice(0, 3))).toEqual({ format: 'STL' });
    expect(fileForSlicer(cura, [{ format: 'step' }, { format: 'glb' }])).toBeNull();
    expect(fileForSlicer(bambu, [{ format: 'step' }])).toEqual({ format: 'step' });
    expect([...slicerFormats].sort()).toEqual(['3mf', 'amf', 'obj', 'step', 'stl']);
  });

  it('does not send PrusaSlicer a link it refuses (it opens links from three sites only)', () => {
    expect(slicers.filter((slicer) => !slicer.opensLinks).map((slicer) => slicer.name)).toEqual([
      'PrusaSlicer',
    ]);
  });
});
