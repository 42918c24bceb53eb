import { type Mesh } from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { describe, expect, it } from 'vitest';

import { box, torus } from '@/seed/procedural/primitives';

import { writeGlb } from './glb';

const cube = box(-10, -5, 0, 10, 5, 40);

function chunks(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const jsonLength = view.getUint32(12, true);
  const binAt = 20 + jsonLength;
  return {
    view,
    jsonLength,
    json: JSON.parse(new TextDecoder().decode(bytes.subarray(20, binAt))) as {
      accessors: { min: number[]; max: number[]; count: number; componentType: number }[];
      nodes: { name: string }[];
    },
    binAt,
    binLength: view.getUint32(binAt, true),
  };
}

describe('writeGlb', () => {
  it('has a GLB header and 4-byte aligned JSON and BIN chunks', () => {
    const bytes = writeGlb(torus(20, 6, 7, 5), 'Torus');
    const { view, jsonLength, binAt, binLength } = chunks(bytes);
    expect(new TextDecoder().decode(bytes.subarray(0, 4))).toBe('glTF');
    expect(view.getUint32(4, true)).toBe(2);
    expect(view.getUint32(8, true)).toBe(bytes.length);
    expect(new TextDecoder().decode(bytes.subarray(16, 20))).toBe('JSON');
    expect(jsonLength % 4).toBe(0);
    expect(new TextDecoder().decode(bytes.subarray(binAt + 4, binAt + 8))).toBe('BIN\0');
    expect(binLength % 4).toBe(0);
    expect(binAt + 8 + binLength).toBe(bytes.length);
  });

  it('is Y-up in metres, with the accessor bounds of the stored numbers', () => {
    const { json } = chunks(writeGlb(cube, 'Tall box'));
    expect(json.nodes[0]!.name).toBe('Tall box');
    const [position, indices] = json.accessors;
    // x stays, height (z) becomes y, y becomes −z.
    expect(position!.min).toEqual([-0.01, 0, -0.005].map(Math.fround));
    expect(position!.max).toEqual([0.01, 0.04, 0.005].map(Math.fround));
    expect(position!.count).toBe(8);
    expect(indices!.componentType).toBe(5125);
    expect(indices!.count).toBe(36);
  });

  it('loads in three.js as one upright mesh of the right size', async () => {
    const bytes = writeGlb(cube, 'Tall box');
    const gltf = await new GLTFLoader().parseAsync(bytes.buffer, '');
    const meshes: Mesh[] = [];
    gltf.scene.traverse((object) => {
      if ((object as Mesh).isMesh) meshes.push(object as Mesh);
    });
    expect(meshes).toHaveLength(1);
    // three.js names objects after the node, with spaces made underscores.
    expect(meshes[0]!.name).toBe('Tall_box');
    const geometry = meshes[0]!.geometry;
    expect(geometry.index!.count).toBe(36);
    geometry.computeBoundingBox();
    const { min, max } = geometry.boundingBox!;
    expect([min.x, min.y, min.z, max.x, max.y, max.z].map((v) => v * 1000)).toEqual(
      [-10, 0, -5, 10, 40, 5].map((v) => expect.closeTo(v, 5)),
    );
  });
});
