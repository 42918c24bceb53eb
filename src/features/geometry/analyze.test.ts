import { describe, expect, it } from 'vitest';

import { groundTruths, readTestMesh } from '../../../tests/fixtures/test-meshes';

import { analyzeMesh } from './analyze';
import type { TriangleMesh } from './mesh';
import { parseObj } from './obj';
import { parseStl } from './stl';

const truths = groundTruths((format) => format.includes('STL') || format === 'OBJ');
const parserOf = (file: string): ((bytes: Uint8Array) => TriangleMesh) =>
  file.toLowerCase().endsWith('.obj') ? parseObj : parseStl;

describe('STL and OBJ figures against independently computed ground truth', () => {
  it('covers every STL and OBJ test mesh', () => expect(truths.length).toBeGreaterThanOrEqual(17));

  for (const truth of truths) {
    it(truth.file, () => {
      // Figures computed independently of this project (tests/fixtures/meshes/SOURCES.md).
      const figures = analyzeMesh(parserOf(truth.file)(readTestMesh(truth.file)));
      const size = Math.max(...truth.extents);
      expect(figures.triangles).toBe(truth.triangles);
      for (let k = 0; k < 3; k++) {
        expect(Math.abs(figures.boundingBox.min[k]! - truth.bbox_min[k]!)).toBeLessThanOrEqual(1e-6 * size);
        expect(Math.abs(figures.boundingBox.max[k]! - truth.bbox_max[k]!)).toBeLessThanOrEqual(1e-6 * size);
      }
      expect(figures.volumeMm3).toBeCloseTo(Math.abs(truth.signed_volume), 0);
      expect(Math.abs(figures.volumeMm3 - Math.abs(truth.signed_volume))).toBeLessThanOrEqual(
        Math.abs(truth.signed_volume) * 0.001 + 1e-9,
      );
      expect(Math.abs(figures.surfaceAreaMm2 - truth.surface_area)).toBeLessThanOrEqual(
        truth.surface_area * 0.001,
      );
      expect(Math.abs(figures.weldTolerance - truth.tolerant_weld.weld_tol)).toBeLessThanOrEqual(
        truth.tolerant_weld.weld_tol * 1e-6,
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
      expect(figures.watertight).toBe(
        truth.tolerant_weld.boundary_edges === 0 && truth.tolerant_weld.nonmanifold_edges === 0,
      );
    });
  }
});

describe('degenerate faces', () => {
  const mesh = (...faces: number[][][]): TriangleMesh => ({ positions: Float32Array.from(faces.flat(2)) });
  const [o, x, y, z] = [
    [0, 0, 0],
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ];
  const tetrahedron = [
    [o, y, x],
    [o, x, z],
    [x, y, z],
    [y, o, z],
  ];

  it('counts a lone zero-area triangle and reports it neither watertight, manifold nor volume-reliable', () => {
    for (const lone of [
      [o, x, x], // two corners on one point
      [o, x, [2, 0, 0]], // three corners on a line
      [x, x, x],
    ]) {
      expect(analyzeMesh(mesh(lone))).toMatchObject({
        triangles: 1,
        degenerateFaces: 1,
        watertight: false,
        manifold: false,
        volumeReliable: false,
      });
    }
  });

  it('reports a mesh of only degenerate faces as not watertight, even when their edges pair up', () => {
    const line = [o, x, [2, 0, 0]];
    const figures = analyzeMesh(mesh(line, [line[0]!, line[2]!, line[1]!]));
    expect(figures).toMatchObject({
      degenerateFaces: 2,
      boundaryEdges: 0,
      watertight: false,
      volumeReliable: false,
    });
  });

  it('leaves a closed mesh closed when a face collapsed onto one of its edges is added, and counts that face', () => {
    const figures = analyzeMesh(mesh(...tetrahedron, [o, x, x]));
    expect(figures).toMatchObject({
      triangles: 5,
      degenerateFaces: 1,
      boundaryEdges: 0,
      nonManifoldEdges: 0,
      watertight: true,
      manifold: true,
      volumeReliable: true,
    });
    expect(figures.volumeMm3).toBeCloseTo(1 / 6, 6);
  });
});
