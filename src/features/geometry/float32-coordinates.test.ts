/**
 * Coordinates are stored as 32-bit floats: every text format is checked on the value as stored, so
 * float32's largest value as it is usually printed (3.40282347e+38, a little above the exact
 * 3.4028234663852886e38, to which it rounds) is read, and only what rounds to infinity is refused.
 */
import { crc32 } from 'node:zlib';

import { describe, expect, it } from 'vitest';

import { analyzeMesh } from './analyze';
import { inspectMesh } from './inspect';
import { float32Max, GeometryError } from './mesh';
import { parseMeshFile } from './parse';

const largest = '3.40282347e+38';
const beyond = '3.4028236e+38';

/** A one-file stored ZIP (enough for a 3MF package whose model part sits at the default path). */
function storedZip(name: string, text: string): Uint8Array {
  const data = new TextEncoder().encode(text);
  const nameBytes = new TextEncoder().encode(name);
  const local = new Uint8Array(30 + nameBytes.length);
  const central = new Uint8Array(46 + nameBytes.length);
  const end = new Uint8Array(22);
  const l = new DataView(local.buffer);
  const c = new DataView(central.buffer);
  const e = new DataView(end.buffer);
  const crc = crc32(data);
  l.setUint32(0, 0x04034b50, true);
  l.setUint16(4, 20, true);
  l.setUint32(14, crc, true);
  l.setUint32(18, data.length, true);
  l.setUint32(22, data.length, true);
  l.setUint16(26, nameBytes.length, true);
  local.set(nameBytes, 30);
  c.setUint32(0, 0x02014b50, true);
  c.setUint16(4, 20, true);
  c.setUint16(6, 20, true);
  c.setUint32(16, crc, true);
  c.setUint32(20, data.length, true);
  c.setUint32(24, data.length, true);
  c.setUint16(28, nameBytes.length, true);
  central.set(nameBytes, 46);
  e.setUint32(0, 0x06054b50, true);
  e.setUint16(8, 1, true);
  e.setUint16(10, 1, true);
  e.setUint32(12, central.length, true);
  e.setUint32(16, local.length + data.length, true);
  const zip = new Uint8Array(local.length + data.length + central.length + end.length);
  zip.set(local, 0);
  zip.set(data, local.length);
  zip.set(central, local.length + data.length);
  zip.set(end, local.length + data.length + central.length);
  return zip;
}

/** One triangle with a corner at x = `x`, in each text format. */
const files: Record<string, (x: string) => Uint8Array> = {
  'model.obj': (x) => new TextEncoder().encode(`v 0 0 0\nv ${x} 0 0\nv 0 1 0\nf 1 2 3\n`),
  'model.stl': (x) =>
    new TextEncoder().encode(
      `solid t\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex ${x} 0 0\nvertex 0 1 0\nendloop\nendfacet\nendsolid t\n`,
    ),
  'model.3mf': (x) =>
    storedZip(
      '3D/3dmodel.model',
      `<?xml version="1.0" encoding="UTF-8"?>
<model unit="millimeter" xmlns="http://schemas.microsoft.com/3dmanufacturing/core/2015/02">
<resources><object id="1" type="model"><mesh>
<vertices><vertex x="0" y="0" z="0"/><vertex x="${x}" y="0" z="0"/><vertex x="0" y="1" z="0"/></vertices>
<triangles><triangle v1="0" v2="1" v3="2"/></triangles>
</mesh></object></resources>
<build><item objectid="1"/></build>
</model>`,
    ),
};

const errorOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof GeometryError ? `${error.code}: ${error.message}` : error;
  }
  return null;
};

describe('coordinates at the edge of float32', () => {
  for (const [name, write] of Object.entries(files)) {
    it(`${name}: reads float32's largest value and refuses what overflows it`, () => {
      for (const sign of ['', '-']) {
        const { mesh } = parseMeshFile(write(sign + largest), name);
        expect(mesh.positions[3]).toBe(Number(`${sign}1`) * float32Max);
        const figures = analyzeMesh(mesh);
        expect(figures.boundingBox.size[0]).toBe(float32Max);
        expect(figures.triangles).toBe(1);
        expect(Number.isFinite(figures.surfaceAreaMm2)).toBe(true);
      }
      const overflow = errorOf(() => parseMeshFile(write(beyond), name));
      expect(overflow).toMatch(/^not_finite: /);
      expect(overflow).toMatch(name.endsWith('.stl') ? /infinite/ : /beyond the range of 32-bit floats/);
    });
  }

  it('names an OBJ line whose number overflows float32, or is not a number', () => {
    const obj = (x: string) => files['model.obj']!(x);
    expect(errorOf(() => parseMeshFile(obj('9e99'), 'a.obj'))).toBe(
      'not_finite: OBJ line 2: "9e99" is beyond the range of 32-bit floats (±3.4028235e+38)',
    );
    expect(errorOf(() => parseMeshFile(obj('inf'), 'a.obj'))).toBe(
      'not_finite: OBJ line 2: "inf" is not a finite number',
    );
    expect(errorOf(() => parseMeshFile(obj('1e999'), 'a.obj'))).toBe(
      'not_finite: OBJ line 2: "1e999" is not a finite number',
    );
    expect(errorOf(() => parseMeshFile(obj('x'), 'a.obj'))).toBe(
      'malformed: OBJ line 2: "x" is not a finite number',
    );
  });

  it('measures a mesh that spans float32’s whole range without overflowing', () => {
    const { mesh } = parseMeshFile(files['model.obj']!(largest), 'model.obj');
    const inspection = inspectMesh(mesh);
    expect(inspection.watertight).toBe(false);
    expect(Number.isFinite(inspection.thinWalls.share)).toBe(true);
  });
});
