import fc from 'fast-check';
import { unzipSync } from 'three/examples/jsm/libs/fflate.module.js';
import { describe, expect, it } from 'vitest';

import { box } from '@/seed/procedural/primitives';

import { type IndexedMesh } from './indexed-mesh';
import { writeUsdz } from './usdz';

const cube = box(-10, -5, 0, 10, 5, 40);

// Counter-clockwise from outside, one vertex at (10, 20, 30) mm.
const tetrahedron: IndexedMesh = {
  positions: new Float64Array([0, 0, 0, 40, 0, 0, 0, 40, 0, 10, 20, 30]),
  triangles: new Uint32Array([0, 2, 1, 0, 1, 3, 1, 2, 3, 2, 0, 3]),
};

/** The converted position as USD stores it: (x, z, −y) in metres, as 32-bit floats. */
const expectedPoint = (p: ArrayLike<number>, i: number) =>
  [p[i * 3]! / 1000, p[i * 3 + 2]! / 1000, -p[i * 3 + 1]! / 1000].map(Math.fround);

function usda(bytes: Uint8Array): string {
  const files = unzipSync(bytes);
  expect(Object.keys(files)).toEqual(['model.usda']);
  return new TextDecoder().decode(files['model.usda']);
}

const numbers = (list: string) => list.split(', ').map(Number);
const tuples = (list: string) => [...list.matchAll(/\(([^)]*)\)/g)].map((match) => numbers(match[1]!));

function parsed(text: string) {
  const array = (pattern: RegExp) => {
    const match = pattern.exec(text);
    expect(match, String(pattern)).not.toBeNull();
    return match![1]!;
  };
  return {
    points: tuples(array(/point3f\[\] points = \[(.*)\]\n/)),
    counts: numbers(array(/int\[\] faceVertexCounts = \[(.*)\]\n/)),
    indices: numbers(array(/int\[\] faceVertexIndices = \[(.*)\]\n/)),
    extent: tuples(array(/float3\[\] extent = \[(.*)\]\n/)),
  };
}

function zipFields(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const nameLength = view.getUint16(26, true);
  const extraLength = view.getUint16(28, true);
  const end = bytes.length - 22;
  return {
    view,
    flags: view.getUint16(6, true),
    method: view.getUint16(8, true),
    time: view.getUint16(10, true),
    date: view.getUint16(12, true),
    crc: view.getUint32(14, true),
    compressedSize: view.getUint32(18, true),
    size: view.getUint32(22, true),
    name: new TextDecoder().decode(bytes.subarray(30, 30 + nameLength)),
    dataOffset: 30 + nameLength + extraLength,
    end,
    directoryOffset: view.getUint32(end + 16, true),
  };
}

/** CRC-32 bit by bit, independent of the writer's table. */
function bitwiseCrc32(data: Uint8Array): number {
  let crc = ~0;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return ~crc >>> 0;
}

describe('writeUsdz', () => {
  it('writes the tetrahedron Y-up in metres, its triangles as they are and its extent', () => {
    const { points, counts, indices, extent } = parsed(usda(writeUsdz(tetrahedron, 'Tetra')));
    expect(points).toEqual([
      [0, 0, 0],
      [0.04, 0, 0],
      [0, 0, -0.04],
      [0.01, 0.03, -0.02],
    ]);
    expect(counts).toEqual([3, 3, 3, 3]);
    expect(indices).toEqual([...tetrahedron.triangles]);
    expect(extent).toEqual([
      [0, 0, -0.04],
      [0.04, 0.03, 0],
    ]);
  });

  it('writes the cube upright, with its extent, as 12 triangles', () => {
    const { points, counts, indices, extent } = parsed(usda(writeUsdz(cube, 'Tall box')));
    expect(points.map((point) => point.map(Math.fround))).toEqual(
      Array.from({ length: 8 }, (_, i) => expectedPoint(cube.positions, i)),
    );
    expect(counts).toEqual(Array(12).fill(3));
    expect(indices).toEqual([...cube.triangles]);
    // x stays, height (z) becomes y, y becomes −z.
    expect(extent).toEqual([
      [-0.01, 0, -0.005],
      [0.01, 0.04, 0.005],
    ]);
  });

  it('declares the stage for AR Quick Look and binds a grey preview material', () => {
    const text = usda(writeUsdz(cube, 'Box "A" \\ B\u0007'));
    expect(text.startsWith('#usda 1.0\n(\n')).toBe(true);
    for (const line of [
      'defaultPrim = "Model"',
      'doc = "Box \\"A\\" \\\\ B"',
      'metersPerUnit = 1',
      'upAxis = "Y"',
      'def Xform "Model" (\n    kind = "component"\n)',
      'def Mesh "Mesh" (\n        prepend apiSchemas = ["MaterialBindingAPI"]\n    )',
      'rel material:binding = </Model/Material>',
      'uniform token orientation = "rightHanded"',
      'uniform token subdivisionScheme = "none"',
      'def Material "Material"',
      'token outputs:surface.connect = </Model/Material/PreviewSurface.outputs:surface>',
      'def Shader "PreviewSurface"',
      'uniform token info:id = "UsdPreviewSurface"',
      'color3f inputs:diffuseColor = (0.8, 0.8, 0.82)',
      'float inputs:roughness = 0.6',
      'float inputs:metallic = 0',
    ])
      expect(text).toContain(line);
    expect(text).not.toMatch(/NaN|Infinity|-0[,)]/);
  });

  it('is one stored ZIP entry, its data 64-byte aligned, with the right CRC and directory', () => {
    const bytes = writeUsdz(cube, 'Tall box');
    const zip = zipFields(bytes);
    expect(zip.view.getUint32(0, true)).toBe(0x04034b50);
    expect(zip.name).toBe('model.usda');
    expect(zip.method).toBe(0);
    expect(zip.flags & 0b1001).toBe(0); // neither encrypted nor followed by a data descriptor
    expect([zip.time, zip.date]).toEqual([0, 0x21]); // 1980-01-01 00:00
    expect(zip.dataOffset % 64).toBe(0);
    expect(zip.compressedSize).toBe(zip.size);
    const data = bytes.subarray(zip.dataOffset, zip.dataOffset + zip.size);
    expect(data).toEqual(unzipSync(bytes)['model.usda']);
    expect(zip.crc).toBe(bitwiseCrc32(data));

    expect(zip.view.getUint32(zip.end, true)).toBe(0x06054b50);
    expect(zip.view.getUint16(zip.end + 10, true)).toBe(1);
    expect(zip.directoryOffset).toBe(zip.dataOffset + zip.size);
    expect(zip.view.getUint32(zip.directoryOffset, true)).toBe(0x02014b50);
    expect(zip.view.getUint32(zip.directoryOffset + 16, true)).toBe(zip.crc);
    expect(zip.view.getUint32(zip.directoryOffset + 42, true)).toBe(0); // the local header's offset
  });

  it('gives the same bytes for the same mesh and name, other bytes for another name', () => {
    const bytes = writeUsdz(cube, 'Tall box');
    expect(writeUsdz(cube, 'Tall box')).toEqual(bytes);
    expect(writeUsdz(cube, 'Short box')).not.toEqual(bytes);
  });

  it('rejects a mesh without triangles or with an index past its vertices', () => {
    const positions = new Float64Array([0, 0, 0, 1, 0, 0, 0, 1, 0]);
    expect(() => writeUsdz({ positions, triangles: new Uint32Array() }, 'Empty')).toThrow(RangeError);
    expect(() => writeUsdz({ positions, triangles: new Uint32Array([0, 1, 3]) }, 'Bad')).toThrow(
      /USDZ: index 3 is past/,
    );
  });

  it('keeps any small mesh: the same indices, the float32 points, the data aligned', () => {
    const coordinate = fc.double({ min: -1000, max: 1000, noNaN: true });
    const meshes = fc.integer({ min: 1, max: 12 }).chain((vertices) =>
      fc.record({
        positions: fc.array(coordinate, { minLength: vertices * 3, maxLength: vertices * 3 }),
        triangles: fc.array(fc.tuple(...Array.from({ length: 3 }, () => fc.nat(vertices - 1))), {
          minLength: 1,
          maxLength: 20,
        }),
      }),
    );
    fc.assert(
      fc.property(meshes, fc.string(), ({ positions, triangles }, name) => {
        const mesh = { positions: new Float64Array(positions), triangles: new Uint32Array(triangles.flat()) };
        const bytes = writeUsdz(mesh, name);
        expect(zipFields(bytes).dataOffset % 64).toBe(0);
        const { points, indices } = parsed(usda(bytes));
        expect(indices).toEqual([...mesh.triangles]);
        expect(points).toHaveLength(positions.length / 3);
        points.forEach((point, i) =>
          expectedPoint(positions, i).forEach((expected, k) => {
            // USD reads point3f as 32-bit floats.
            const read = Math.fround(point[k]!);
            expect(Math.abs(read - expected)).toBeLessThanOrEqual(1e-9 * Math.abs(expected));
          }),
        );
      }),
    );
  });
});
