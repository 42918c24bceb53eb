import { describe, expect, it } from 'vitest';
import { unzipSync } from 'three/examples/jsm/libs/fflate.module.js';

import { box } from '@/seed/procedural/primitives';

import { parseThreeMf } from '../three-mf';
import { openZip } from '../zip';
import { writeZip } from '../zip-writer';

import { writeThreeMf } from './three-mf';

const cube = box(-10, -10, 0, 10, 10, 20);
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('writeThreeMf', () => {
  it('packs the content types, the relationships and one model part', () => {
    const zip = openZip(writeThreeMf(cube, 'Cube'));
    expect(zip.entries.map((entry) => entry.name)).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      '3D/3dmodel.model',
    ]);
    expect(text(zip.read(zip.find('[Content_Types].xml')!))).toContain(
      'Extension="model" ContentType="application/vnd.ms-package.3dmanufacturing-3dmodel+xml"',
    );
    expect(text(zip.read(zip.find('_rels/.rels')!))).toContain(
      'Target="/3D/3dmodel.model" Id="rel0" Type="http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"',
    );
    const model = text(zip.read(zip.find('3D/3dmodel.model')!));
    expect(model).toContain('<model unit="millimeter"');
    expect(model.match(/<object /g)).toHaveLength(1);
    expect(model).toContain('<object id="1" type="model" name="Cube">');
    expect(model.match(/<vertex /g)).toHaveLength(8);
    expect(model.match(/<triangle /g)).toHaveLength(12);
    expect(model).toContain('<build>\n  <item objectid="1"/>\n </build>');
  });

  it('escapes the name and reads back in millimetres', () => {
    const bytes = writeThreeMf(cube, 'Box <"A" & \'B\'>\u0007');
    const model = text(openZip(bytes).read(openZip(bytes).find('3D/3dmodel.model')!));
    expect(model).toContain('name="Box &lt;&quot;A&quot; &amp; &apos;B&apos;&gt;"');
    expect(parseThreeMf(bytes).unit).toBe('mm');
  });

  it('is a ZIP another reader opens (fflate), with deflated entries and fixed timestamps', () => {
    const bytes = writeThreeMf(cube, 'Cube');
    const files = unzipSync(bytes);
    expect(Object.keys(files)).toEqual(['[Content_Types].xml', '_rels/.rels', '3D/3dmodel.model']);
    expect(text(files['3D/3dmodel.model']!)).toContain('<vertex x="-10" y="-10" z="0"/>');
    const view = new DataView(bytes.buffer);
    expect(view.getUint16(8, true)).toBe(8); // deflate
    expect(view.getUint16(12, true)).toBe(0x21); // 1980-01-01
  });
});

describe('writeZip', () => {
  it('stores what deflate cannot shrink and keeps the CRC', () => {
    const noise = Uint8Array.from({ length: 512 }, (_, i) => (i * 2654435761) >>> 24);
    const bytes = writeZip([
      { name: 'noise.bin', data: noise },
      { name: 'empty.txt', data: new Uint8Array() },
      { name: 'text.txt', data: new TextEncoder().encode('a'.repeat(1000)) },
    ]);
    const zip = openZip(bytes);
    expect(zip.entries.map((entry) => [entry.name, entry.method])).toEqual([
      ['noise.bin', 0],
      ['empty.txt', 0],
      ['text.txt', 8],
    ]);
    expect(zip.read(zip.entries[0]!)).toEqual(noise);
    expect(zip.read(zip.entries[1]!)).toHaveLength(0);
    expect(text(zip.read(zip.entries[2]!))).toBe('a'.repeat(1000));
    expect(unzipSync(bytes)['noise.bin']).toEqual(noise);
  });
});
