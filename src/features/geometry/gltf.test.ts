import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { groundTruths, readTestMesh } from '../../../tests/fixtures/test-meshes';

import { analyzeMesh } from './analyze';
import { parseGltf } from './gltf';
import { GeometryError, triangleCount } from './mesh';

const truths = groundTruths((format) => format.startsWith('GLB'));

type Json = Record<string, unknown>;

/** The JSON and BIN chunks of a GLB file. */
function unpackGlb(bytes: Uint8Array): { json: Json; bin: Uint8Array } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const jsonLength = view.getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + jsonLength))) as Json;
  const binAt = 20 + jsonLength;
  const bin = bytes.slice(binAt + 8, binAt + 8 + view.getUint32(binAt, true));
  return { json, bin };
}

const pad = (bytes: Uint8Array, fill: number) => {
  const out = new Uint8Array(Math.ceil(bytes.length / 4) * 4).fill(fill);
  out.set(bytes);
  return out;
};

function packGlb(json: Json, bin?: Uint8Array): Uint8Array {
  const jsonBytes = pad(new TextEncoder().encode(JSON.stringify(json)), 0x20);
  const binBytes = bin ? pad(bin, 0) : undefined;
  const length = 12 + 8 + jsonBytes.length + (binBytes ? 8 + binBytes.length : 0);
  const out = new Uint8Array(length);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x46546c67, true);
  view.setUint32(4, 2, true);
  view.setUint32(8, length, true);
  view.setUint32(12, jsonBytes.length, true);
  view.setUint32(16, 0x4e4f534a, true);
  out.set(jsonBytes, 20);
  if (binBytes) {
    const at = 20 + jsonBytes.length;
    view.setUint32(at, binBytes.length, true);
    view.setUint32(at + 4, 0x004e4942, true);
    out.set(binBytes, at + 8);
  }
  return out;
}

/** A .gltf file (JSON) with its buffer embedded as a base64 data: URI. */
function embedded(json: Json, bin: Uint8Array): Uint8Array {
  const copy = structuredClone(json);
  copy.buffers = [
    {
      byteLength: bin.length,
      uri: `data:application/octet-stream;base64,${Buffer.from(bin).toString('base64')}`,
    },
  ];
  return new TextEncoder().encode(JSON.stringify(copy));
}

/** A glTF with one primitive: the given positions (and indices, u16) in one buffer. */
function simple(positions: number[], indices?: number[], primitive: Json = {}, node: Json = {}): Uint8Array {
  const positionBytes = new Uint8Array(Float32Array.from(positions).buffer);
  const indexBytes = indices ? pad(new Uint8Array(Uint16Array.from(indices).buffer), 0) : new Uint8Array();
  const bin = new Uint8Array(positionBytes.length + indexBytes.length);
  bin.set(positionBytes);
  bin.set(indexBytes, positionBytes.length);
  const json: Json = {
    asset: { version: '2.0' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ mesh: 0, ...node }],
    meshes: [
      { primitives: [{ attributes: { POSITION: 0 }, ...(indices ? { indices: 1 } : {}), ...primitive }] },
    ],
    bufferViews: [
      { buffer: 0, byteLength: positionBytes.length },
      ...(indices ? [{ buffer: 0, byteOffset: positionBytes.length, byteLength: indices.length * 2 }] : []),
    ],
    accessors: [
      { bufferView: 0, componentType: 5126, type: 'VEC3', count: positions.length / 3 },
      ...(indices ? [{ bufferView: 1, componentType: 5123, type: 'SCALAR', count: indices.length }] : []),
    ],
    buffers: [{ byteLength: bin.length }],
  };
  return packGlb(json, bin);
}

const errorOf = (bytes: Uint8Array) => {
  try {
    parseGltf(bytes);
  } catch (error) {
    return error instanceof GeometryError ? `${error.code}: ${error.message}` : error;
  }
  return null;
};

const cube = readTestMesh('cube.glb');
const tetrahedron = [
  0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 1, 0, 0, 0, 1,
];

describe('glTF / GLB figures against independently computed ground truth', () => {
  it('covers the four GLB samples', () =>
    expect(truths.map((t) => t.file).sort()).toEqual([
      'BoxTextured.glb',
      'CesiumMilkTruck.glb',
      'Duck.glb',
      'cube.glb',
    ]));

  for (const truth of truths) {
    it(truth.file, () => {
      // Figures computed independently of this project (tests/fixtures/meshes/SOURCES.md), node
      // transforms applied (Duck.glb is scaled by 0.01, the truck's wheels are rotated and moved).
      const figures = analyzeMesh(parseGltf(readTestMesh(truth.file)));
      const size = Math.max(...truth.extents);
      expect(figures.triangles).toBe(truth.triangles);
      for (let k = 0; k < 3; k++) {
        expect(Math.abs(figures.boundingBox.min[k]! - truth.bbox_min[k]!)).toBeLessThanOrEqual(1e-6 * size);
        expect(Math.abs(figures.boundingBox.max[k]! - truth.bbox_max[k]!)).toBeLessThanOrEqual(1e-6 * size);
      }
      expect(Math.abs(figures.volumeMm3 - Math.abs(truth.signed_volume))).toBeLessThanOrEqual(
        Math.abs(truth.signed_volume) * 0.001,
      );
      expect(Math.abs(figures.surfaceAreaMm2 - truth.surface_area)).toBeLessThanOrEqual(
        truth.surface_area * 0.001,
      );
      expect({
        vertices: figures.vertices,
        boundaryEdges: figures.boundaryEdges,
        nonManifoldEdges: figures.nonManifoldEdges,
        components: figures.components,
        degenerateFaces: figures.degenerateFaces,
        inconsistentEdges: figures.inconsistentEdges,
      }).toEqual({
        vertices: truth.tolerant_weld.unique_vertices,
        boundaryEdges: truth.tolerant_weld.boundary_edges,
        nonManifoldEdges: truth.tolerant_weld.nonmanifold_edges,
        components: truth.components,
        degenerateFaces: truth.degenerate_faces,
        inconsistentEdges: truth.inconsistently_oriented_edges,
      });
    });
  }
});

describe('glTF parser', () => {
  it('reads .gltf JSON with an embedded base64 buffer like the GLB it came from', () => {
    for (const file of ['Duck.glb', 'CesiumMilkTruck.glb']) {
      const glb = readTestMesh(file);
      const { json, bin } = unpackGlb(glb);
      expect(Array.from(parseGltf(embedded(json, bin)).positions)).toEqual(
        Array.from(parseGltf(glb).positions),
      );
    }
  });

  it('refuses external buffers and Draco or meshopt compression with a clear reason', () => {
    const { json } = unpackGlb(cube);
    const external = new TextEncoder().encode(
      JSON.stringify({ ...json, buffers: [{ byteLength: 240, uri: 'cube.bin' }] }),
    );
    expect(errorOf(external)).toBe(
      'malformed: glTF: buffer 0 refers to the external file "cube.bin", which a single upload does not include; upload a GLB or a .gltf with embedded buffers',
    );
    const { bin } = unpackGlb(cube);
    expect(errorOf(packGlb({ ...json, extensionsRequired: ['KHR_draco_mesh_compression'] }, bin))).toMatch(
      /^malformed: glTF: the meshes are compressed with Draco \(KHR_draco_mesh_compression\), which is not supported/,
    );
    expect(errorOf(packGlb({ ...json, extensionsRequired: ['EXT_meshopt_compression'] }, bin))).toMatch(
      /compressed with meshopt/,
    );
    // Other required extensions (materials, textures) do not change the shape.
    expect(
      triangleCount(parseGltf(packGlb({ ...json, extensionsRequired: ['KHR_materials_unlit'] }, bin))),
    ).toBe(12);
  });

  it('reads triangle strips and fans, and skips points and lines', () => {
    const quad = [0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0];
    const strip = parseGltf(simple(quad, undefined, { mode: 5 }));
    // The second triangle of a strip is v1 v3 v2, so that both face the same way.
    expect(Array.from(strip.positions)).toEqual([0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0]);
    expect(analyzeMesh(strip).inconsistentEdges).toBe(0);
    const fan = parseGltf(simple([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0], undefined, { mode: 6 }));
    expect(triangleCount(fan)).toBe(2);
    expect(analyzeMesh(fan).inconsistentEdges).toBe(0);
    expect(errorOf(simple(quad, undefined, { mode: 1 }))).toBe('empty: glTF: the scene has no triangles');
    expect(errorOf(simple(quad, undefined, { mode: 7 }))).toMatch(
      /^malformed: glTF: mesh 0 primitive 0 mode 7/,
    );
  });

  it('applies translation, rotation and scale, and keeps mirrored meshes pointing outwards', () => {
    const indices = Array.from({ length: 12 }, (_, i) => i);
    // Rotation of 90° about z, scale 2, then a translation.
    const half = Math.SQRT1_2;
    const moved = analyzeMesh(
      parseGltf(
        simple(
          tetrahedron,
          indices,
          {},
          { translation: [10, 20, 30], rotation: [0, 0, half, half], scale: [2, 2, 2] },
        ),
      ),
    );
    expect(moved.boundingBox.min.map((v) => Number(v.toFixed(6)))).toEqual([8, 20, 30]);
    expect(moved.boundingBox.max.map((v) => Number(v.toFixed(6)))).toEqual([10, 22, 32]);
    expect(moved.volumeMm3).toBeCloseTo(8 / 6, 6);
    const mirrored = parseGltf(simple(tetrahedron, indices, {}, { scale: [-1, 1, 1] }));
    const plain = parseGltf(simple(tetrahedron, indices));
    const signed = (positions: Float32Array) => {
      let sum = 0;
      for (let i = 0; i < positions.length; i += 9) {
        const [ax, ay, az, bx, by, bz, cx, cy, cz] = positions.subarray(i, i + 9) as unknown as number[];
        sum +=
          (ax! * (by! * cz! - bz! * cy!) - ay! * (bx! * cz! - bz! * cx!) + az! * (bx! * cy! - by! * cx!)) / 6;
      }
      return sum;
    };
    expect(signed(mirrored.positions)).toBeCloseTo(signed(plain.positions), 9);
  });

  it('composes transforms down the hierarchy and reads every scene when none is the default', () => {
    const { json, bin } = unpackGlb(cube);
    const nested = {
      ...json,
      scene: undefined,
      scenes: [{ nodes: [0] }, { nodes: [2] }],
      nodes: [
        { children: [1], translation: [100, 0, 0] },
        { mesh: 0, scale: [0.5, 0.5, 0.5] },
        { mesh: 0, matrix: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, -50, 1] },
      ],
    };
    const figures = analyzeMesh(parseGltf(packGlb(nested, bin)));
    expect(figures.triangles).toBe(24);
    expect(figures.components).toBe(2);
    expect(figures.boundingBox.min[0]).toBeCloseTo(-1, 5);
    expect(figures.boundingBox.max[0]).toBeCloseTo(100.5, 5);
    expect(figures.boundingBox.min[2]).toBeCloseTo(-51, 5);
    expect(figures.volumeMm3).toBeCloseTo(8 + 1, 4);
    // No scenes at all: the root nodes; no nodes at all: every mesh once.
    expect(triangleCount(parseGltf(packGlb({ ...nested, scenes: undefined }, bin)))).toBe(24);
    expect(triangleCount(parseGltf(packGlb({ ...nested, scenes: undefined, nodes: undefined }, bin)))).toBe(
      12,
    );
    const cyclic = { ...nested, nodes: [{ children: [1] }, { children: [0], mesh: 0 }, { mesh: 0 }] };
    expect(errorOf(packGlb(cyclic, bin))).toMatch(/^malformed: glTF: node 0 appears twice/);
  });

  it('reads interleaved, quantized (normalized or not) and sparse positions, and u8/u32 indices', () => {
    // Interleaved: position (3 × i16, normalized) + 2 bytes of padding + another attribute, stride 12.
    const count = 4;
    const corners = [
      [0, 0, 0],
      [32767, 0, 0],
      [0, 32767, 0],
      [0, 0, 32767],
    ];
    const bin = new Uint8Array(count * 12 + 12 + 8);
    const view = new DataView(bin.buffer);
    corners.forEach((c, i) => c.forEach((v, k) => view.setInt16(i * 12 + k * 2, v, true)));
    const tris = [0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3];
    tris.forEach((v, i) => view.setUint8(48 + i, v));
    // Sparse: vertex 3 moved to z = 0.5 (u8 index at 60, three i16 at 62... padded to 64).
    view.setUint8(60, 3);
    [0, 0, 16384].forEach((v, k) => view.setInt16(62 + k * 2, v, true));
    const json = {
      asset: { version: '2.0' },
      nodes: [{ mesh: 0 }],
      meshes: [{ primitives: [{ attributes: { POSITION: 0 }, indices: 1 }] }],
      buffers: [{ byteLength: bin.length }],
      bufferViews: [
        { buffer: 0, byteOffset: 0, byteLength: 48, byteStride: 12 },
        { buffer: 0, byteOffset: 48, byteLength: 12 },
        { buffer: 0, byteOffset: 60, byteLength: 1 },
        { buffer: 0, byteOffset: 62, byteLength: 6 },
      ],
      accessors: [
        { bufferView: 0, componentType: 5122, normalized: true, type: 'VEC3', count },
        { bufferView: 1, componentType: 5121, type: 'SCALAR', count: 12 },
      ],
    };
    const figures = analyzeMesh(parseGltf(packGlb(json, bin)));
    expect(figures).toMatchObject({ triangles: 4, watertight: true, inconsistentEdges: 0 });
    expect(figures.volumeMm3).toBeCloseTo(1 / 6, 6);
    const sparse = structuredClone(json) as Json & { accessors: Json[] };
    sparse.accessors[0]!.sparse = {
      count: 1,
      indices: { bufferView: 2, componentType: 5121 },
      values: { bufferView: 3 },
    };
    expect(analyzeMesh(parseGltf(packGlb(sparse, bin))).volumeMm3).toBeCloseTo(1 / 12, 4);
    // Not normalized: the integers as they are (KHR_mesh_quantization), read through a u32 index list.
    const raw = structuredClone(json) as Json & { accessors: Json[] };
    raw.accessors[0]!.normalized = false;
    expect(analyzeMesh(parseGltf(packGlb(raw, bin))).boundingBox.size).toEqual([32767, 32767, 32767]);
    const wide = simple(tetrahedron);
    expect(triangleCount(parseGltf(wide))).toBe(4);
  });

  it('names the problem of an empty, truncated or corrupt file', () => {
    expect(errorOf(new Uint8Array())).toBe('empty: glTF: the file is empty');
    expect(errorOf(cube.subarray(0, cube.length - 10))).toBe(
      'truncated: glTF: the GLB header announces 1230 bytes, the file has 1220',
    );
    expect(errorOf(new TextEncoder().encode('{"asset": '))).toBe(
      'malformed: glTF: the JSON is not valid (neither GLB nor glTF JSON)',
    );
    expect(errorOf(simple(tetrahedron, [0, 1, 2, 0, 1, 99]))).toBe(
      'malformed: glTF: mesh 0 primitive 0 index 99 is past its 12 vertices',
    );
    expect(errorOf(simple(tetrahedron, [0, 1, 2, 0]))).toMatch(
      /^malformed: .* 4 indices, not a multiple of 3/,
    );
    expect(errorOf(simple([0, 0, 0, NaN, 0, 0, 0, 1, 0]))).toBe(
      'not_finite: glTF: accessor 0 vertex 1 has a NaN or infinite coordinate',
    );
    expect(
      errorOf(simple([0, 0, 0, 10, 0, 0, 0, 10, 0], undefined, {}, { scale: [1e38, 1e38, 1e38] })),
    ).toMatch(
      /^not_finite: glTF: mesh 0 primitive 0 has a coordinate that the node transform makes infinite/,
    );
    const { json, bin } = unpackGlb(cube);
    const tooLong = structuredClone(json) as Json & { accessors: Json[] };
    tooLong.accessors[1]!.count = 1_000_000_000;
    expect(errorOf(packGlb(tooLong, bin))).toBe(
      'truncated: glTF: accessor 1 needs 12000000000 bytes of its bufferView, which has 96',
    );
    expect(errorOf(packGlb({ ...json, meshes: [] }, bin))).toMatch(
      /^malformed: glTF: node 1 mesh 0 is out of range/,
    );
    expect(errorOf(packGlb({ asset: { version: '2.0' } }))).toBe('empty: glTF: the scene has no triangles');
    expect(errorOf(packGlb({ ...json, asset: { version: '1.0' } }, bin))).toMatch(
      /glTF version 1.0 is not supported/,
    );
    expect(parseGltf(cube, { maxTriangles: 12 }).positions.length).toBe(108);
    expect(() => parseGltf(cube, { maxTriangles: 11 })).toThrow(/more than 11 triangles/);
  });

  const sources = ['cube.glb', 'BoxTextured.glb', 'Duck.glb', 'CesiumMilkTruck.glb'].map(readTestMesh);
  const check = (bytes: Uint8Array) => {
    let mesh;
    try {
      mesh = parseGltf(bytes, { maxTriangles: 100_000 });
    } catch (error) {
      expect(error).toBeInstanceOf(GeometryError);
      return;
    }
    const figures = analyzeMesh(mesh);
    expect(Number.isFinite(figures.volumeMm3) && Number.isFinite(figures.surfaceAreaMm2)).toBe(true);
  };

  it('never fails otherwise on mutated real files: a mesh with finite figures, or a GeometryError', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...sources),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 20 }),
        fc.option(fc.nat(), { nil: undefined }),
        (source, edits, cut) => {
          const bytes = source.slice(0, cut === undefined ? undefined : cut % (source.length + 1));
          // Half of the edits land in the JSON chunk (its first bytes), where they matter most.
          for (const [at, value] of edits)
            if (bytes.length) bytes[at % 2 ? at % bytes.length : at % Math.min(bytes.length, 2000)] = value;
          check(bytes);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never fails otherwise on real files whose JSON has values replaced by arbitrary ones', () => {
    const parsed = sources.map(unpackGlb);
    const paths = (value: unknown, prefix: (string | number)[] = []): (string | number)[][] =>
      typeof value === 'object' && value !== null
        ? Object.entries(value).flatMap(([key, child]) => {
            const path = [...prefix, Array.isArray(value) ? Number(key) : key];
            return [path, ...paths(child, path)];
          })
        : [];
    fc.assert(
      fc.property(
        fc.nat(parsed.length - 1),
        fc.array(
          fc.tuple(fc.nat(), fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.integer({ min: -2, max: 70000 }))),
          {
            minLength: 1,
            maxLength: 4,
          },
        ),
        (which, replacements) => {
          const { json, bin } = parsed[which]!;
          const copy = structuredClone(json);
          for (const [pick, value] of replacements) {
            const all = paths(copy);
            const path = all[pick % all.length]!;
            let owner = copy as Record<string | number, unknown>;
            for (const key of path.slice(0, -1)) owner = owner[key] as Record<string | number, unknown>;
            owner[path[path.length - 1]!] = value;
          }
          check(packGlb(copy, bin));
        },
      ),
      { numRuns: 400 },
    );
  });
});
