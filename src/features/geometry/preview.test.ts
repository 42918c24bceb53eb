import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

import { readTestMesh } from '../../../tests/fixtures/test-meshes';

import { type TriangleMesh } from './mesh';
import { parseObj } from './obj';
import {
  encodePreviewPng,
  encodePreviewWebp,
  type PreviewRender,
  previewDefaults,
  renderMeshPreview,
} from './preview';
import { parseStl } from './stl';

const W = 320;
const H = 240;
/** A saturated blue model on the neutral background, so that object pixels are told by colour alone. */
const probe = { width: W, height: H, color: '#2060e0' } as const;

const fixture = (file: string): TriangleMesh =>
  file.endsWith('.obj') ? parseObj(readTestMesh(file)) : parseStl(readTestMesh(file));

const pixel = (r: PreviewRender, x: number, y: number) => {
  const o = (y * r.width + x) * 4;
  return [r.rgba[o]!, r.rgba[o + 1]!, r.rgba[o + 2]!, r.rgba[o + 3]!] as const;
};
const luminance = (r: PreviewRender, x: number, y: number) => {
  const [red, green, blue] = pixel(r, x, y);
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
};

/** The object's pixels (blue well above red) in a render made with `probe`: share and bounding box. */
function coverage(r: PreviewRender) {
  let count = 0,
    x0 = r.width,
    x1 = -1,
    y0 = r.height,
    y1 = -1;
  for (let y = 0; y < r.height; y++)
    for (let x = 0; x < r.width; x++) {
      const [red, , blue] = pixel(r, x, y);
      if (blue - red <= 40) continue;
      count++;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
    }
  return {
    share: count / (r.width * r.height),
    centreX: (x0 + x1 + 1) / 2 / r.width,
    centreY: (y0 + y1 + 1) / 2 / r.height,
    /** The larger of the box's width and height shares: the fit uses 1 − 2 × margin of the tighter axis. */
    fill: Math.max((x1 - x0 + 1) / r.width, (y1 - y0 + 1) / r.height),
  };
}

const empty: TriangleMesh = { positions: new Float32Array(0) };
const background = renderMeshPreview(empty, probe);

const corners = (r: PreviewRender) =>
  [
    [0, 0],
    [r.width - 1, 0],
    [0, r.height - 1],
    [r.width - 1, r.height - 1],
  ].map(([x, y]) => pixel(r, x!, y!));

/** An axis-aligned cube of side `size` centred at the origin, 12 triangles. */
function cube(size = 2): number[] {
  const h = size / 2;
  const c = (i: number) => [i & 1 ? h : -h, i & 2 ? h : -h, i & 4 ? h : -h];
  const quads = [
    [0, 2, 3, 1],
    [4, 5, 7, 6],
    [0, 1, 5, 4],
    [2, 6, 7, 3],
    [0, 4, 6, 2],
    [1, 3, 7, 5],
  ];
  return quads.flatMap(([a, b, cc, d]) => [...c(a!), ...c(b!), ...c(cc!), ...c(a!), ...c(cc!), ...c(d!)]);
}

/** A torus lying on the ground, `ring × tube × 2` triangles. */
function torus(ring: number, tube: number): TriangleMesh {
  const positions = new Float32Array(ring * tube * 18);
  let at = 0;
  const put = (i: number, j: number) => {
    const a = (2 * Math.PI * i) / ring,
      b = (2 * Math.PI * j) / tube;
    const r = 1 + 0.35 * Math.cos(b);
    positions[at++] = r * Math.cos(a);
    positions[at++] = r * Math.sin(a);
    positions[at++] = 0.35 * Math.sin(b);
  };
  for (let i = 0; i < ring; i++)
    for (let j = 0; j < tube; j++) {
      put(i, j);
      put(i + 1, j);
      put(i + 1, j + 1);
      put(i, j);
      put(i + 1, j + 1);
      put(i, j + 1);
    }
  return { positions };
}

describe('renderMeshPreview', () => {
  it.each([
    ['20mm-xyz-cube.stl', 0.25, 0.5],
    ['teapot.stl', 0.25, 0.5],
    ['unit_sphere.STL', 0.28, 0.5],
    ['torus.STL', 0.3, 0.55],
    ['7_8ths_cube.stl', 0.25, 0.5],
    ['busted.STL', 0.3, 0.6],
    ['fuze.obj', 0.08, 0.2],
  ])('frames %s: a plausible share of the picture, centred, fitted, background corners', (file, min, max) => {
    const render = renderMeshPreview(fixture(file), probe);
    expect(render.width).toBe(W);
    expect(render.height).toBe(H);
    expect(render.rgba).toHaveLength(W * H * 4);
    const c = coverage(render);
    expect(c.share).toBeGreaterThan(min);
    expect(c.share).toBeLessThan(max);
    expect(Math.abs(c.centreX - 0.5)).toBeLessThan(0.02);
    expect(Math.abs(c.centreY - 0.5)).toBeLessThan(0.02);
    const fitted = 1 - 2 * previewDefaults.margin;
    expect(c.fill).toBeGreaterThan(fitted - 0.03);
    expect(c.fill).toBeLessThanOrEqual(fitted + 0.01);
    // The corners are the plain background (no model, no shadow), light and neutral.
    expect(corners(render)).toEqual(corners(background));
    for (const [red, green, blue, alpha] of corners(render)) {
      expect(Math.min(red, green, blue)).toBeGreaterThan(200);
      expect(Math.max(red, green, blue) - Math.min(red, green, blue)).toBeLessThan(12);
      expect(alpha).toBe(255);
    }
  });

  it('shades a sphere smoothly: many tones, small steps, lit from the upper left', () => {
    const render = renderMeshPreview(fixture('unit_sphere.STL'), { width: W, height: H });
    // The sphere fills 80 % of the height around the centre: radius ≈ 96 px.
    const row = Array.from({ length: 150 }, (_, k) => luminance(render, 85 + k, H / 2));
    const tones = new Set(row.map(Math.round));
    expect(tones.size).toBeGreaterThan(15);
    expect(Math.max(...row) - Math.min(...row)).toBeGreaterThan(40);
    for (let k = 1; k < row.length; k++) expect(Math.abs(row[k]! - row[k - 1]!)).toBeLessThan(15);
    // Upper left (towards the key light) brighter than lower right.
    expect(luminance(render, W / 2 - 40, H / 2 - 40)).toBeGreaterThan(
      luminance(render, W / 2 + 40, H / 2 + 40) + 30,
    );
  });

  it('shows the three visible faces of a box in three distinct tones, the top the lightest', () => {
    const render = renderMeshPreview({ positions: new Float32Array(cube()) }, { width: W, height: H });
    // Camera at the front right: the top near the top of the picture, the front (−Y) left, the +X side right.
    const top = luminance(render, W / 2, Math.round(H * 0.22));
    const front = luminance(render, Math.round(W * 0.38), Math.round(H * 0.6));
    const side = luminance(render, Math.round(W * 0.64), Math.round(H * 0.6));
    expect(top).toBeGreaterThan(front + 5);
    expect(front).toBeGreaterThan(side + 20);
  });

  it('draws a model far from the origin as it draws it at the origin', () => {
    const mesh = fixture('teapot.stl');
    const moved = Float32Array.from(mesh.positions, (v, k) => v + [250_000, -120_000, 40_000][k % 3]!);
    const a = renderMeshPreview(mesh, probe);
    const b = renderMeshPreview({ positions: moved }, probe);
    let different = 0;
    for (let k = 0; k < a.rgba.length; k++) if (Math.abs(a.rgba[k]! - b.rgba[k]!) > 8) different++;
    expect(different / a.rgba.length).toBeLessThan(0.003);
  });

  it('is deterministic', () => {
    const mesh = fixture('teapot.stl');
    const a = renderMeshPreview(mesh, probe);
    const b = renderMeshPreview({ positions: Float32Array.from(mesh.positions) }, probe);
    expect(Buffer.from(a.rgba).equals(Buffer.from(b.rgba))).toBe(true);
  });

  it('draws only the background for an empty mesh, or one of only NaN or zero-area triangles', () => {
    expect(coverage(background).share).toBe(0);
    const nan = new Float32Array(18).fill(Number.NaN);
    nan.set([0, 0, 0, 1, 0, 0, 0, 1, 0], 9);
    nan[12] = Number.POSITIVE_INFINITY;
    const zeroArea = new Float32Array([0, 0, 0, 1, 1, 1, 2, 2, 2, 5, 5, 5, 5, 5, 5, 5, 5, 5]);
    for (const positions of [nan, zeroArea]) {
      const render = renderMeshPreview({ positions }, probe);
      expect(Buffer.from(render.rgba).equals(Buffer.from(background.rgba))).toBe(true);
    }
    // The background is a light, neutral gradient, lighter at the top.
    expect(luminance(background, W / 2, 0)).toBeGreaterThan(luminance(background, W / 2, H - 1));
  });

  it('skips NaN, infinite and zero-area triangles among good ones', () => {
    const good = renderMeshPreview({ positions: new Float32Array(cube()) }, probe);
    const junk = [
      ...[Number.NaN, 0, 0, 1, 0, 0, 0, 1, 0],
      ...[0, 0, 0, 1e30, 0, 0, 0, Number.NEGATIVE_INFINITY, 0],
      // Zero-area, inside the cube (so the framing does not change): a point and a segment.
      ...[0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5],
      ...[-0.9, -0.9, -0.9, 0, 0, 0, 0.9, 0.9, 0.9],
    ];
    const mixed = renderMeshPreview({ positions: new Float32Array([...junk, ...cube(), ...junk]) }, probe);
    expect(Buffer.from(mixed.rgba).equals(Buffer.from(good.rgba))).toBe(true);
  });

  it('is two-sided: a triangle looks the same whichever way it is wound', () => {
    const a = [0, 0, 0, 1, 0, 0, 0, 0, 1];
    const b = [0, 0, 0, 0, 0, 1, 1, 0, 0];
    const ra = renderMeshPreview({ positions: new Float32Array(a) }, probe);
    const rb = renderMeshPreview({ positions: new Float32Array(b) }, probe);
    expect(coverage(ra).share).toBeGreaterThan(0.1);
    expect(Buffer.from(ra.rgba).equals(Buffer.from(rb.rgba))).toBe(true);
  });

  it('skips the faces turned away with closed: true, and a closed solid looks the same', () => {
    const sphere = fixture('unit_sphere.STL');
    const twoSided = renderMeshPreview(sphere, probe);
    const closed = renderMeshPreview(sphere, { ...probe, closed: true });
    let different = 0;
    for (let k = 0; k < twoSided.rgba.length; k++) if (twoSided.rgba[k] !== closed.rgba[k]) different++;
    expect(different / twoSided.rgba.length).toBeLessThan(0.0005);
    // A lone triangle seen from its back is skipped: only the background is left.
    const back = [0, 0, 0, 0, 0, 1, 1, 0, 0];
    expect(
      coverage(renderMeshPreview({ positions: new Float32Array(back) }, { ...probe, closed: true })).share,
    ).toBe(0);
  });

  it('leaves no cracks between thousands of small triangles', () => {
    // A flat, irregularly subdivided square (every vertex shared) in the ground plane.
    const n = 120;
    const jitter = (i: number, j: number) =>
      i === 0 || j === 0 || i === n || j === n ? 0 : 0.3 * Math.sin(i * 12.9898 + j * 78.233);
    const vertex = (i: number, j: number) => [(i + jitter(i, j)) / n, (j + jitter(j, i)) / n, 0];
    const positions: number[] = [];
    for (let i = 0; i < n; i++)
      for (let j = 0; j < n; j++)
        positions.push(
          ...vertex(i, j),
          ...vertex(i + 1, j),
          ...vertex(i + 1, j + 1),
          ...vertex(i, j),
          ...vertex(i + 1, j + 1),
          ...vertex(i, j + 1),
        );
    const render = renderMeshPreview({ positions: new Float32Array(positions) }, probe);
    // Every pixel of the middle of the (diamond-shaped) square has the plane's colour, to a level or two.
    const [r0, g0, b0] = pixel(render, W / 2, H / 2);
    for (let y = H / 2 - 25; y < H / 2 + 25; y++)
      for (let x = W / 2 - 60; x < W / 2 + 60; x++) {
        const [r, g, b] = pixel(render, x, y);
        expect(Math.abs(r - r0) + Math.abs(g - g0) + Math.abs(b - b0)).toBeLessThanOrEqual(3);
      }
    expect(b0 - r0).toBeGreaterThan(40);
  });

  it("turns a Y-up model upright with up: 'y'", () => {
    const zUp = fixture('teapot.stl');
    const yUp = new Float32Array(zUp.positions.length);
    for (let k = 0; k < yUp.length; k += 3) {
      // Z-up (x, y, z) is (x, z, −y) in a Y-up model.
      yUp[k] = zUp.positions[k]!;
      yUp[k + 1] = zUp.positions[k + 2]!;
      yUp[k + 2] = -zUp.positions[k + 1]!;
    }
    const a = renderMeshPreview(zUp, probe);
    const b = renderMeshPreview({ positions: yUp }, { ...probe, up: 'y' });
    let different = 0;
    for (let k = 0; k < a.rgba.length; k++) if (Math.abs(a.rgba[k]! - b.rgba[k]!) > 8) different++;
    expect(different / a.rgba.length).toBeLessThan(0.002);
    // Read as Z-up, the same data shows the teapot on its side: a different picture.
    const sideways = renderMeshPreview({ positions: yUp }, probe);
    expect(Math.abs(coverage(sideways).share - coverage(a).share)).toBeGreaterThan(0.02);
  });

  it('uses the requested size, colours and supersampling', () => {
    const mesh = fixture('unit_sphere.STL');
    const red = renderMeshPreview(mesh, {
      width: 200,
      height: 100,
      color: [220, 40, 30],
      background: '#ffffff',
    });
    expect(red.rgba).toHaveLength(200 * 100 * 4);
    const [r, g, b] = pixel(red, 100, 50);
    expect(r).toBeGreaterThan(g + 40);
    expect(r).toBeGreaterThan(b + 40);
    expect(pixel(red, 0, 0)[0]).toBeGreaterThan(245);
    // A flat triangle: without supersampling every pixel is either the background or the face's colour;
    // with 2× the edges get in-between tones.
    const triangle = { positions: new Float32Array([0, 0, 0, 1, 0, 0, 0.3, 0, 1]) };
    const edgeTones = (ss: number) => {
      const render = renderMeshPreview(triangle, { ...probe, supersample: ss });
      const face = pixel(render, W / 2, H / 2);
      let inBetween = 0;
      for (let y = 0; y < H; y++)
        for (let x = 0; x < W; x++) {
          const [rr, gg, bb] = pixel(render, x, y);
          const [r0, g0, b0] = pixel(background, x, y);
          if ((rr !== r0 || gg !== g0 || bb !== b0) && (rr !== face[0] || gg !== face[1] || bb !== face[2]))
            inBetween++;
        }
      return inBetween;
    };
    expect(edgeTones(1)).toBe(0);
    expect(edgeTones(2)).toBeGreaterThan(200);
    expect(() => renderMeshPreview(mesh, { width: 0 })).toThrow(RangeError);
    expect(() => renderMeshPreview(mesh, { width: 100_000, height: 100_000 })).toThrow(RangeError);
    expect(() => renderMeshPreview(mesh, { color: 'blue' })).toThrow(RangeError);
  });

  it('encodes PNG and WebP that sharp reads back at the right size', async () => {
    const render = renderMeshPreview(fixture('torus.STL'));
    expect([render.width, render.height]).toEqual([960, 720]);
    const png = await encodePreviewPng(render);
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect([info.format, info.width, info.height, info.channels]).toEqual(['raw', 960, 720, 4]);
    expect(data.equals(Buffer.from(render.rgba))).toBe(true); // lossless
    const webp = await encodePreviewWebp(render);
    const meta = await sharp(webp).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 960, 720]);
    expect(webp.length).toBeLessThan(png.length);
  });

  it('renders 1,000,000 triangles in a few seconds', () => {
    const mesh = torus(1000, 500);
    const started = performance.now();
    const render = renderMeshPreview(mesh, probe);
    const seconds = (performance.now() - started) / 1000;
    expect(seconds).toBeLessThan(5);
    const c = coverage(render);
    expect(c.share).toBeGreaterThan(0.3);
    // The hole in the middle shows the ground.
    const [r, , b] = pixel(render, W / 2, H / 2);
    expect(b - r).toBeLessThan(20);
  });
});
