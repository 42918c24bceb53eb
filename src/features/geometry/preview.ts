/**
 * A picture of any mesh without a GPU (issue 5, "Previews"): a software rasteriser with a z-buffer.
 *
 * Conventions, fixed so that every model of the catalogue is shown the same way:
 * - +Z is up, as in the printers' formats (STL, 3MF); `up: 'y'` turns a Y-up model (glTF, most OBJ) upright.
 *   The model's front faces −Y.
 * - The camera is orthographic, looking from the front-right at azimuth 35° and elevation 25° (a
 *   three-quarter product view), fitted to the projected model with a margin and centred in the frame.
 * - Flat shading by the face normal, two-sided (open meshes and inverted faces look right): a hemisphere
 *   ambient (sky above, ground below), a key light from the front left above, a weak fill from the right, a
 *   soft rim on grazing faces so the silhouette reads, a little specular. Lighting is done in linear light.
 * - The background is a light neutral studio sweep (a vertical gradient) with a soft contact shadow of
 *   the model's footprint on the ground plane under it.
 * - Anti-aliasing by supersampling: rendered at `supersample`× (2 by default) and box-downsampled.
 * - Triangles with NaN or infinite coordinates are skipped (and do not count for the framing);
 *   triangles of zero area are skipped. No per-triangle allocation: typed arrays only.
 */
import sharp from 'sharp';

import { type TriangleMesh } from './mesh';

/** An sRGB colour as `#rrggbb` or `[r, g, b]` (0–255). */
export type PreviewColor = string | readonly [number, number, number];

export interface PreviewOptions {
  /** Output width in pixels (960 by default; 4:3 with the default height like the marketplace previews). */
  width?: number;
  /** Output height in pixels (720 by default). */
  height?: number;
  /** The studio background's middle tone (light neutral grey by default). */
  background?: PreviewColor;
  /** The model's base colour (a muted blue-grey by default). */
  color?: PreviewColor;
  /** Which model axis points up: 'z' (printing formats, the default) or 'y' (glTF, most OBJ). */
  up?: 'z' | 'y';
  /** Samples per pixel along each axis (2 by default: 4 samples per pixel). */
  supersample?: number;
  /**
   * The mesh is closed and its faces point outwards (a checked solid): the faces turned away from the
   * camera are always behind others, so they are skipped: a sixth faster, and the same picture but for a
   * few pixels on edges (3 in 100,000 over the demo catalogue's families).
   */
  closed?: boolean;
  /** The camera's turn from the front towards +X, in degrees (35 by default: the three-quarter view). */
  azimuthDegrees?: number;
  /** The camera's height above the horizon, in degrees (25 by default). */
  elevationDegrees?: number;
}

export interface PreviewRender {
  width: number;
  height: number;
  /** Row-major RGBA, 4 bytes per pixel, opaque. */
  rgba: Uint8ClampedArray;
}

export const previewDefaults = {
  width: 960,
  height: 720,
  background: '#e6e8ec',
  color: '#7f95b5',
  azimuthDegrees: 35,
  elevationDegrees: 25,
  /** Share of the frame left free on each side. */
  margin: 0.1,
} as const;

const maxPixels = 16_000_000;

/** Renders a picture of `mesh` (see the conventions above). */
export function renderMeshPreview(mesh: TriangleMesh, options: PreviewOptions = {}): PreviewRender {
  const width = options.width ?? previewDefaults.width;
  const height = options.height ?? previewDefaults.height;
  const ss = options.supersample ?? 2;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1)
    throw new RangeError(`preview: ${width}×${height} is not a picture size`);
  if (!Number.isInteger(ss) || ss < 1 || ss > 4)
    throw new RangeError(`preview: supersample ${ss} is not 1 to 4`);
  if (width * height * ss * ss > maxPixels)
    throw new RangeError(`preview: ${width}×${height} at ${ss}× supersampling is too large`);

  const camera = makeCamera(
    options.up ?? 'z',
    options.azimuthDegrees ?? previewDefaults.azimuthDegrees,
    options.elevationDegrees ?? previewDefaults.elevationDegrees,
  );
  const bounds = measure(mesh.positions, camera);
  const background = toLinear(parseColor(options.background ?? previewDefaults.background));
  const base = toLinear(parseColor(options.color ?? previewDefaults.color));

  const sw = width * ss;
  const sh = height * ss;
  // Fit: the projected model's box, centred, inside the margin; pixel units of the supersampled frame.
  const free = 1 - 2 * previewDefaults.margin;
  const spanU = bounds.maxU - bounds.minU;
  const spanV = bounds.maxV - bounds.minV;
  const largest = Math.max(spanU / sw, spanV / sh);
  const scale = largest > 0 ? free / largest : 1;
  const fit: Fit = {
    scale,
    offsetX: sw / 2 - ((bounds.minU + bounds.maxU) / 2) * scale,
    offsetY: sh / 2 + ((bounds.minV + bounds.maxV) / 2) * scale,
  };

  const { color, depth } = sampleBuffers(sw * sh); // color 0: background; else 0xff << 24 | b << 16 | g << 8 | r
  if (bounds.count > 0)
    rasterise(mesh.positions, camera, fit, bounds, base, sw, sh, color, depth, options.closed ?? false);
  const shadow = bounds.count > 0 ? groundShadow(mesh.positions, camera, bounds) : null;

  const rgba = new Uint8ClampedArray(width * height * 4);
  compose(color, sw, ss, width, height, background, camera, fit, bounds, shadow, rgba);
  return { width, height, rgba };
}

/** Pictures up to this many samples re-use one pair of buffers (32 MB) instead of allocating their own. */
const reusedSamples = 4_000_000;
let reused = { color: new Uint32Array(0), depth: new Float32Array(0) };

/**
 * The supersampled frame's colour (cleared) and depth (at −∞) buffers. Fresh ones cost page faults and
 * garbage collections on every picture, which a thread rendering thousands of them notices.
 */
function sampleBuffers(samples: number): { color: Uint32Array; depth: Float32Array } {
  if (samples > reusedSamples)
    return { color: new Uint32Array(samples), depth: new Float32Array(samples).fill(-Infinity) };
  if (reused.color.length < samples)
    reused = { color: new Uint32Array(samples), depth: new Float32Array(samples) };
  const color = reused.color.subarray(0, samples).fill(0);
  const depth = reused.depth.subarray(0, samples).fill(-Infinity);
  return { color, depth };
}

/** PNG of a render, for `storePreview` (which resizes it to the WebP preview sizes). */
export function encodePreviewPng(render: PreviewRender): Promise<Buffer> {
  return rawImage(render).png({ compressionLevel: 6 }).toBuffer();
}

/** WebP of a render at its own size. */
export function encodePreviewWebp(render: PreviewRender, quality = 82): Promise<Buffer> {
  return rawImage(render).webp({ quality }).toBuffer();
}

function rawImage({ width, height, rgba }: PreviewRender) {
  return sharp(Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength), {
    raw: { width, height, channels: 4 },
  });
}

// ───────────────────────────── camera ─────────────────────────────

/**
 * Unit vectors in the model's coordinates: screen right, screen up, towards the camera; the world up
 * and two horizontal axes (for the ground and its shadow); the lights.
 */
interface Camera {
  right: Vec;
  screenUp: Vec;
  toward: Vec;
  up: Vec;
  east: Vec;
  north: Vec;
  key: Vec;
  fill: Vec;
  halfway: Vec;
}
type Vec = [number, number, number];

function makeCamera(up: 'z' | 'y', azimuthDegrees: number, elevationDegrees: number): Camera {
  const az = (azimuthDegrees * Math.PI) / 180;
  const el = (elevationDegrees * Math.PI) / 180;
  // Z-up frame: the camera sits in front (−Y), turned towards +X by the azimuth, raised by the elevation.
  const toward: Vec = [Math.sin(az) * Math.cos(el), -Math.cos(az) * Math.cos(el), Math.sin(el)];
  const right: Vec = [Math.cos(az), Math.sin(az), 0];
  const screenUp = cross(toward, right);
  // Lights (Z-up frame, towards the light): the key from the front left and above, so that the top, the
  // front and the right side of a box read as three distinct tones; a weak fill from the right.
  const key = normalize([-0.45, -0.75, 0.9]);
  const fill = normalize([0.8, -0.3, 0.3]);
  const halfway = normalize(combine(key, 1, toward, 1, toward, 0));
  // A Z-up vector (a, b, c) is (a, c, −b) in a Y-up model (whose Y-up point (x, y, z) is (x, −z, y)).
  const map = (v: Vec): Vec => (up === 'z' ? v : [v[0], v[2], -v[1]]);
  return {
    right: map(right),
    screenUp: map(screenUp),
    toward: map(toward),
    up: map([0, 0, 1]),
    east: map([1, 0, 0]),
    north: map([0, 1, 0]),
    key: map(key),
    fill: map(fill),
    halfway: map(halfway),
  };
}

function cross(a: Vec, b: Vec): Vec {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

function dot(a: Vec, b: Vec): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

function combine(a: Vec, ka: number, b: Vec, kb: number, c: Vec, kc: number): Vec {
  return [
    a[0] * ka + b[0] * kb + c[0] * kc,
    a[1] * ka + b[1] * kb + c[1] * kc,
    a[2] * ka + b[2] * kb + c[2] * kc,
  ];
}

function normalize(v: Vec): Vec {
  const l = Math.hypot(v[0], v[1], v[2]);
  return [v[0] / l, v[1] / l, v[2] / l];
}

// ───────────────────────────── bounds ─────────────────────────────

interface Bounds {
  /** Finite triangles. */
  count: number;
  /** Projected extent (screen right, screen up), model units. */
  minU: number;
  maxU: number;
  minV: number;
  maxV: number;
  /** Extent along the world axes (east, north, up), model units. */
  minE: number;
  maxE: number;
  minN: number;
  maxN: number;
  minH: number;
  maxH: number;
}

function measure(p: Float32Array, cam: Camera): Bounds {
  const [rx, ry, rz] = cam.right;
  const [ux, uy, uz] = cam.screenUp;
  const [ex, ey, ez] = cam.east;
  const [nx, ny, nz] = cam.north;
  const [hx, hy, hz] = cam.up;
  let minU = Infinity,
    maxU = -Infinity,
    minV = Infinity,
    maxV = -Infinity;
  let minE = Infinity,
    maxE = -Infinity,
    minN = Infinity,
    maxN = -Infinity,
    minH = Infinity,
    maxH = -Infinity;
  let count = 0;
  const n = Math.floor(p.length / 9);
  for (let t = 0; t < n; t++) {
    const o = t * 9;
    const s =
      p[o]! + p[o + 1]! + p[o + 2]! + p[o + 3]! + p[o + 4]! + p[o + 5]! + p[o + 6]! + p[o + 7]! + p[o + 8]!;
    if (s - s !== 0) continue; // NaN or infinite somewhere
    count++;
    for (let k = o; k < o + 9; k += 3) {
      const x = p[k]!,
        y = p[k + 1]!,
        z = p[k + 2]!;
      const u = x * rx + y * ry + z * rz;
      const v = x * ux + y * uy + z * uz;
      const e = x * ex + y * ey + z * ez;
      const m = x * nx + y * ny + z * nz;
      const h = x * hx + y * hy + z * hz;
      if (u < minU) minU = u;
      if (u > maxU) maxU = u;
      if (v < minV) minV = v;
      if (v > maxV) maxV = v;
      if (e < minE) minE = e;
      if (e > maxE) maxE = e;
      if (m < minN) minN = m;
      if (m > maxN) maxN = m;
      if (h < minH) minH = h;
      if (h > maxH) maxH = h;
    }
  }
  return { count, minU, maxU, minV, maxV, minE, maxE, minN, maxN, minH, maxH };
}

// ───────────────────────────── rasteriser ─────────────────────────────

/** Screen x = u × scale + offsetX, screen y = offsetY − v × scale (pixels of the supersampled frame). */
interface Fit {
  scale: number;
  offsetX: number;
  offsetY: number;
}

/** Sub-pixel precision: screen coordinates are snapped to 1/16 px so edge functions are exact. */
const snap = 16;

function rasterise(
  p: Float32Array,
  cam: Camera,
  fit: Fit,
  b: Bounds,
  base: Vec,
  w: number,
  h: number,
  color: Uint32Array,
  depth: Float32Array,
  closed: boolean,
): void {
  const [rx, ry, rz] = cam.right;
  const [ux, uy, uz] = cam.screenUp;
  const [cx, cy, cz] = cam.toward;
  const [kx, ky, kz] = cam.key;
  const [fx, fy, fz] = cam.fill;
  const [qx, qy, qz] = cam.halfway;
  const [hx, hy, hz] = cam.up;
  const [br, bg, bb] = base;
  const { scale, offsetX, offsetY } = fit;
  // Depths relative to the model's centre, so that the float32 z-buffer keeps its precision for models
  // far from the origin.
  const depthOrigin =
    ((b.minE + b.maxE) / 2) * dot(cam.east, cam.toward) +
    ((b.minN + b.maxN) / 2) * dot(cam.north, cam.toward) +
    ((b.minH + b.maxH) / 2) * dot(cam.up, cam.toward);
  const n = Math.floor(p.length / 9);

  for (let t = 0; t < n; t++) {
    const o = t * 9;
    const x0 = p[o]!,
      y0 = p[o + 1]!,
      z0 = p[o + 2]!;
    const x1 = p[o + 3]!,
      y1 = p[o + 4]!,
      z1 = p[o + 5]!;
    const x2 = p[o + 6]!,
      y2 = p[o + 7]!,
      z2 = p[o + 8]!;
    const s = x0 + y0 + z0 + x1 + y1 + z1 + x2 + y2 + z2;
    if (s - s !== 0) continue;

    // Screen positions, snapped; depth grows towards the camera.
    const sx0 = Math.round((x0 * rx + y0 * ry + z0 * rz) * scale * snap + offsetX * snap) / snap;
    const sy0 = Math.round(offsetY * snap - (x0 * ux + y0 * uy + z0 * uz) * scale * snap) / snap;
    let sx1 = Math.round((x1 * rx + y1 * ry + z1 * rz) * scale * snap + offsetX * snap) / snap;
    let sy1 = Math.round(offsetY * snap - (x1 * ux + y1 * uy + z1 * uz) * scale * snap) / snap;
    let sx2 = Math.round((x2 * rx + y2 * ry + z2 * rz) * scale * snap + offsetX * snap) / snap;
    let sy2 = Math.round(offsetY * snap - (x2 * ux + y2 * uy + z2 * uz) * scale * snap) / snap;

    let minX = sx0 < sx1 ? sx0 : sx1;
    if (sx2 < minX) minX = sx2;
    let maxX = sx0 > sx1 ? sx0 : sx1;
    if (sx2 > maxX) maxX = sx2;
    let minY = sy0 < sy1 ? sy0 : sy1;
    if (sy2 < minY) minY = sy2;
    let maxY = sy0 > sy1 ? sy0 : sy1;
    if (sy2 > maxY) maxY = sy2;
    // Pixel i's centre is at i + 0.5.
    let i0 = Math.ceil(minX - 0.5),
      i1 = Math.floor(maxX - 0.5),
      j0 = Math.ceil(minY - 0.5),
      j1 = Math.floor(maxY - 0.5);
    if (i0 < 0) i0 = 0;
    if (j0 < 0) j0 = 0;
    if (i1 > w - 1) i1 = w - 1;
    if (j1 > h - 1) j1 = h - 1;
    if (i0 > i1 || j0 > j1) continue; // covers no pixel centre

    let area = (sx1 - sx0) * (sy2 - sy0) - (sy1 - sy0) * (sx2 - sx0);
    if (area === 0) continue;

    // Face normal (model space) for the shading; zero for a degenerate face.
    const ax = x1 - x0,
      ay = y1 - y0,
      az = z1 - z0,
      bx = x2 - x0,
      by = y2 - y0,
      bz = z2 - z0;
    let nx = ay * bz - az * by,
      ny = az * bx - ax * bz,
      nz = ax * by - ay * bx;
    const len = Math.sqrt(nx * nx + ny * ny + nz * nz);
    if (!(len > 0)) continue;
    nx /= len;
    ny /= len;
    nz /= len;
    let facing = nx * cx + ny * cy + nz * cz;
    if (facing < 0) {
      if (closed) continue;
      // Two-sided: the side we see.
      nx = -nx;
      ny = -ny;
      nz = -nz;
      facing = -facing;
    }

    const d0 = x0 * cx + y0 * cy + z0 * cz - depthOrigin;
    let d1 = x1 * cx + y1 * cy + z1 * cz - depthOrigin;
    let d2 = x2 * cx + y2 * cy + z2 * cz - depthOrigin;
    if (area < 0) {
      // Swap two corners so that the area is positive.
      let tmp = sx1;
      sx1 = sx2;
      sx2 = tmp;
      tmp = sy1;
      sy1 = sy2;
      sy2 = tmp;
      tmp = d1;
      d1 = d2;
      d2 = tmp;
      area = -area;
    }

    // Shading (linear light), then sRGB bytes.
    const key = nx * kx + ny * ky + nz * kz;
    const fill = nx * fx + ny * fy + nz * fz;
    const sky = 0.5 + 0.5 * (nx * hx + ny * hy + nz * hz);
    const spec = nx * qx + ny * qy + nz * qz;
    const rim = 1 - facing;
    const diffuse = 0.1 + 0.2 * sky + 0.9 * (key > 0 ? key : 0) + 0.15 * (fill > 0 ? fill : 0);
    let glow = spec > 0 ? spec * spec : 0;
    glow *= glow;
    glow *= glow; // spec^8
    const rim2 = rim * rim;
    const extra = 0.07 * glow + 0.35 * rim2 * rim2;
    const packed =
      0xff000000 |
      (srgbByte(bb * diffuse + extra) << 16) |
      (srgbByte(bg * diffuse + extra) << 8) |
      srgbByte(br * diffuse + extra);

    // Edge functions E_ab(px, py) = (bx − ax)(py − ay) − (by − ay)(px − ax), exact on the snapped grid:
    // a pixel centre on a shared edge is inside both triangles, so there are no cracks.
    const px = i0 + 0.5,
      py = j0 + 0.5;
    let w0Row = (sx2 - sx1) * (py - sy1) - (sy2 - sy1) * (px - sx1);
    let w1Row = (sx0 - sx2) * (py - sy2) - (sy0 - sy2) * (px - sx2);
    let w2Row = (sx1 - sx0) * (py - sy0) - (sy1 - sy0) * (px - sx0);
    const w0dx = -(sy2 - sy1),
      w1dx = -(sy0 - sy2),
      w2dx = -(sy1 - sy0);
    const w0dy = sx2 - sx1,
      w1dy = sx0 - sx2,
      w2dy = sx1 - sx0;
    // Depth as a plane over the screen: d = d0 + (w1 (d1 − d0) + w2 (d2 − d0)) / area.
    const e1 = (d1 - d0) / area,
      e2 = (d2 - d0) / area;
    const ddx = w1dx * e1 + w2dx * e2,
      ddy = w1dy * e1 + w2dy * e2;
    let dRow = d0 + w1Row * e1 + w2Row * e2;

    // With area > 0 (the order set above), a point is inside when all three are ≥ 0.
    const last = i1 - i0;
    for (let j = j0; j <= j1; j++) {
      // The row's run inside the triangle, from each edge's crossing (a pixel wider on each side for the
      // division's rounding; the test below is exact): a long thin triangle's box is mostly outside it.
      let kLo = 0,
        kHi = last;
      if (w0dx > 0) kLo = Math.max(kLo, Math.ceil(-w0Row / w0dx) - 1);
      else if (w0dx < 0) kHi = Math.min(kHi, Math.floor(w0Row / -w0dx) + 1);
      else if (w0Row < 0) kHi = -1;
      if (w1dx > 0) kLo = Math.max(kLo, Math.ceil(-w1Row / w1dx) - 1);
      else if (w1dx < 0) kHi = Math.min(kHi, Math.floor(w1Row / -w1dx) + 1);
      else if (w1Row < 0) kHi = -1;
      if (w2dx > 0) kLo = Math.max(kLo, Math.ceil(-w2Row / w2dx) - 1);
      else if (w2dx < 0) kHi = Math.min(kHi, Math.floor(w2Row / -w2dx) + 1);
      else if (w2Row < 0) kHi = -1;
      // The edge values are exact on the snapped grid, so starting mid-row gives the same ones as stepping.
      let w0 = w0Row + kLo * w0dx,
        w1 = w1Row + kLo * w1dx,
        w2 = w2Row + kLo * w2dx,
        d = dRow + kLo * ddx;
      let at = j * w + i0 + kLo;
      for (let k = kLo; k <= kHi; k++) {
        if (w0 >= 0 && w1 >= 0 && w2 >= 0 && d > depth[at]!) {
          depth[at] = d;
          color[at] = packed;
        }
        w0 += w0dx;
        w1 += w1dx;
        w2 += w2dx;
        d += ddx;
        at++;
      }
      w0Row += w0dy;
      w1Row += w1dy;
      w2Row += w2dy;
      dRow += ddy;
    }
  }
}

// ───────────────────────────── ground shadow ─────────────────────────────

/** A soft shadow of the footprint on the ground plane (lit from straight above), blurred. */
interface Shadow {
  /** Grid over (east, north): cell (i, j) covers east = e0 + i × cell, north = n0 + j × cell. */
  e0: number;
  n0: number;
  cell: number;
  cols: number;
  rows: number;
  /** Darkening 0–1 per cell. */
  value: Float32Array;
}

const shadowCells = 160;

function groundShadow(p: Float32Array, cam: Camera, b: Bounds): Shadow | null {
  const spanE = b.maxE - b.minE;
  const spanN = b.maxN - b.minN;
  // The blur follows the model's typical size (so a long thin bar gets a shadow as wide as the bar's).
  const size = Math.max(b.maxH - b.minH, Math.sqrt(spanE * spanN));
  if (!(size > 0)) return null;
  const cell = Math.max(spanE, spanN, size * 0.25) / shadowCells;
  const soft = Math.max(1, Math.round((0.08 * size) / cell)); // box radius, cells
  const pad = 3 * soft + 2;
  const cols = Math.ceil(spanE / cell) + 2 * pad + 1;
  const rows = Math.ceil(spanN / cell) + 2 * pad + 1;
  const e0 = b.minE - pad * cell;
  const n0 = b.minN - pad * cell;
  const near = new Float32Array(cols * rows); // 1 where a surface touches the ground, less above it
  const [ex, ey, ez] = cam.east;
  const [nx, ny, nz] = cam.north;
  const [hx, hy, hz] = cam.up;
  const falloff = 1 / (0.35 * size);
  const n = Math.floor(p.length / 9);
  for (let t = 0; t < n; t++) {
    const o = t * 9;
    const s =
      p[o]! + p[o + 1]! + p[o + 2]! + p[o + 3]! + p[o + 4]! + p[o + 5]! + p[o + 6]! + p[o + 7]! + p[o + 8]!;
    if (s - s !== 0) continue;
    if (zeroArea(p, o)) continue;
    let minI = Infinity,
      maxI = -Infinity,
      minJ = Infinity,
      maxJ = -Infinity,
      low = Infinity;
    for (let k = o; k < o + 9; k += 3) {
      const x = p[k]!,
        y = p[k + 1]!,
        z = p[k + 2]!;
      const ci = (x * ex + y * ey + z * ez - e0) / cell;
      const cj = (x * nx + y * ny + z * nz - n0) / cell;
      const hh = x * hx + y * hy + z * hz;
      if (ci < minI) minI = ci;
      if (ci > maxI) maxI = ci;
      if (cj < minJ) minJ = cj;
      if (cj > maxJ) maxJ = cj;
      if (hh < low) low = hh;
    }
    const weight = 1 / (1 + (low - b.minH) * falloff * 4);
    // The footprint's bounding cells: triangles are small next to the blur, so their boxes suffice for
    // all but large ones, which are rasterised by their cell centres.
    const i0 = Math.floor(minI),
      i1 = Math.floor(maxI),
      j0 = Math.floor(minJ),
      j1 = Math.floor(maxJ);
    if (i1 - i0 <= 1 && j1 - j0 <= 1) {
      for (let j = j0; j <= j1; j++)
        for (let i = i0; i <= i1; i++) {
          const at = j * cols + i;
          if (near[at]! < weight) near[at] = weight;
        }
      continue;
    }
    // Large: test cell centres against the triangle in the ground plane.
    const a0 = (p[o]! * ex + p[o + 1]! * ey + p[o + 2]! * ez - e0) / cell,
      b0 = (p[o]! * nx + p[o + 1]! * ny + p[o + 2]! * nz - n0) / cell;
    const a1 = (p[o + 3]! * ex + p[o + 4]! * ey + p[o + 5]! * ez - e0) / cell,
      b1 = (p[o + 3]! * nx + p[o + 4]! * ny + p[o + 5]! * nz - n0) / cell;
    const a2 = (p[o + 6]! * ex + p[o + 7]! * ey + p[o + 8]! * ez - e0) / cell,
      b2 = (p[o + 6]! * nx + p[o + 7]! * ny + p[o + 8]! * nz - n0) / cell;
    const area = (a1 - a0) * (b2 - b0) - (b1 - b0) * (a2 - a0);
    if (Math.abs(area) < 1) continue; // seen edge-on from above: its neighbours cover it
    const sign = area > 0 ? 1 : -1;
    for (let j = j0; j <= j1; j++) {
      const cb = j + 0.5;
      for (let i = i0; i <= i1; i++) {
        const ca = i + 0.5;
        const w0 = sign * ((a2 - a1) * (cb - b1) - (b2 - b1) * (ca - a1));
        const w1 = sign * ((a0 - a2) * (cb - b2) - (b0 - b2) * (ca - a2));
        const w2 = sign * ((a1 - a0) * (cb - b0) - (b1 - b0) * (ca - a0));
        if (w0 < -0.5 || w1 < -0.5 || w2 < -0.5) continue;
        const at = j * cols + i;
        if (near[at]! < weight) near[at] = weight;
      }
    }
  }

  // A tight contact shadow and a wide soft one.
  const contact = blur(near, cols, rows, Math.max(1, Math.round(soft / 3)));
  const wide = blur(near, cols, rows, soft);
  const value = new Float32Array(cols * rows);
  for (let k = 0; k < value.length; k++) value[k] = 1 - (1 - 0.45 * contact[k]!) * (1 - 0.4 * wide[k]!);
  return { e0, n0, cell, cols, rows, value };
}

function zeroArea(p: Float32Array, o: number): boolean {
  const ax = p[o + 3]! - p[o]!,
    ay = p[o + 4]! - p[o + 1]!,
    az = p[o + 5]! - p[o + 2]!,
    bx = p[o + 6]! - p[o]!,
    by = p[o + 7]! - p[o + 1]!,
    bz = p[o + 8]! - p[o + 2]!;
  return ay * bz - az * by === 0 && az * bx - ax * bz === 0 && ax * by - ay * bx === 0;
}

/** Three passes of a separable box blur of the given radius (close to a Gaussian). */
function blur(input: Float32Array, cols: number, rows: number, radius: number): Float32Array {
  const a = Float32Array.from(input);
  const b = new Float32Array(a.length);
  const norm = 1 / (2 * radius + 1);
  for (let pass = 0; pass < 3; pass++) {
    for (let j = 0; j < rows; j++) {
      const row = j * cols;
      let sum = 0;
      for (let i = -radius; i <= radius; i++) if (i >= 0 && i < cols) sum += a[row + i]!;
      for (let i = 0; i < cols; i++) {
        b[row + i] = sum * norm;
        const out = i - radius,
          inn = i + radius + 1;
        if (out >= 0) sum -= a[row + out]!;
        if (inn < cols) sum += a[row + inn]!;
      }
    }
    for (let i = 0; i < cols; i++) {
      let sum = 0;
      for (let j = -radius; j <= radius; j++) if (j >= 0 && j < rows) sum += b[j * cols + i]!;
      for (let j = 0; j < rows; j++) {
        a[j * cols + i] = sum * norm;
        const out = j - radius,
          inn = j + radius + 1;
        if (out >= 0) sum -= b[out * cols + i]!;
        if (inn < rows) sum += b[inn * cols + i]!;
      }
    }
  }
  return a;
}

function sampleShadow(s: Shadow, e: number, n: number): number {
  const fi = (e - s.e0) / s.cell - 0.5;
  const fj = (n - s.n0) / s.cell - 0.5;
  const i = Math.floor(fi),
    j = Math.floor(fj);
  if (i < 0 || j < 0 || i >= s.cols - 1 || j >= s.rows - 1) return 0;
  const ti = fi - i,
    tj = fj - j;
  const at = j * s.cols + i;
  const v = s.value;
  return (
    (v[at]! * (1 - ti) + v[at + 1]! * ti) * (1 - tj) +
    (v[at + s.cols]! * (1 - ti) + v[at + s.cols + 1]! * ti) * tj
  );
}

// ───────────────────────────── composition ─────────────────────────────

function compose(
  color: Uint32Array,
  sw: number,
  ss: number,
  width: number,
  height: number,
  background: Vec,
  cam: Camera,
  fit: Fit,
  b: Bounds,
  shadow: Shadow | null,
  out: Uint8ClampedArray,
): void {
  const samples = ss * ss;
  const twice = 2 * samples;
  // RGBA bytes in memory order are one little-endian 32-bit word (as on every platform Node runs on).
  const pixels = new Uint32Array(out.buffer, out.byteOffset, width * height);
  const [rx, ry, rz] = cam.right;
  const [ux, uy, uz] = cam.screenUp;
  const [cx, cy, cz] = cam.toward;
  const [ex, ey, ez] = cam.east;
  const [nx, ny, nz] = cam.north;
  const upU = rx * cam.up[0] + ry * cam.up[1] + rz * cam.up[2]; // 0: the screen's right is horizontal
  const upV = ux * cam.up[0] + uy * cam.up[1] + uz * cam.up[2];
  const upC = cx * cam.up[0] + cy * cam.up[1] + cz * cam.up[2];
  // The ground point (height minH) seen through a pixel's centre, as (east, north): affine in the pixel's
  // (x, y), so it is stepped along each row instead of projected per pixel.
  const ground = (x: number, y: number): [number, number] => {
    const u = ((x + 0.5) * ss - fit.offsetX) / fit.scale;
    const v = (fit.offsetY - (y + 0.5) * ss) / fit.scale;
    const t = (b.minH - u * upU - v * upV) / upC;
    const px = u * rx + v * ux + t * cx,
      py = u * ry + v * uy + t * cy,
      pz = u * rz + v * uz + t * cz;
    return [px * ex + py * ey + pz * ez, px * nx + py * ny + pz * nz];
  };
  const [e00, n00] = ground(0, 0);
  const [e10, n10] = ground(1, 0);
  const [e01, n01] = ground(0, 1);
  const deX = e10 - e00,
    dnX = n10 - n00,
    deY = e01 - e00,
    dnY = n01 - n00;
  for (let y = 0; y < height; y++) {
    // Studio sweep: lighter at the top, darker at the bottom (linear light).
    const g = 1.06 - 0.14 * ((y + 0.5) / height);
    const rowR = srgbByte(background[0] * g),
      rowG = srgbByte(background[1] * g),
      rowB = srgbByte(background[2] * g);
    const rowPixel = (0xff000000 | (rowB << 16) | (rowG << 8) | rowR) >>> 0;
    let e = e00 + y * deY;
    let n = n00 + y * dnY;
    for (let x = 0; x < width; x++, e += deX, n += dnX) {
      let r = 0,
        gg = 0,
        bl = 0,
        open = 0;
      for (let sy = 0; sy < ss; sy++) {
        let at = (y * ss + sy) * sw + x * ss;
        for (let sx = 0; sx < ss; sx++, at++) {
          const c = color[at]!;
          if (c === 0) open++;
          else {
            r += c & 0xff;
            gg += (c >>> 8) & 0xff;
            bl += (c >>> 16) & 0xff;
          }
        }
      }
      // The backdrop (and the shadow on it) only where the model leaves a sample open.
      if (open > 0) {
        const dark = shadow ? sampleShadow(shadow, e, n) : 0;
        if (open === samples && !(dark > 0)) {
          pixels[y * width + x] = rowPixel; // plain backdrop, the most common pixel
          continue;
        }
        if (dark > 0) {
          const k = g * (1 - dark);
          r += open * srgbByte(background[0] * k);
          gg += open * srgbByte(background[1] * k);
          bl += open * srgbByte(background[2] * k);
        } else {
          r += open * rowR;
          gg += open * rowG;
          bl += open * rowB;
        }
      }
      // Math.round(v / samples) in integers; one 32-bit store for the pixel's four bytes.
      pixels[y * width + x] =
        0xff000000 |
        (Math.floor((2 * bl + samples) / twice) << 16) |
        (Math.floor((2 * gg + samples) / twice) << 8) |
        Math.floor((2 * r + samples) / twice);
    }
  }
}

// ───────────────────────────── colour ─────────────────────────────

function parseColor(c: PreviewColor): Vec {
  if (typeof c !== 'string') return [c[0], c[1], c[2]];
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(c.trim());
  if (!m) throw new RangeError(`preview: "${c}" is not a #rrggbb colour`);
  return [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)];
}

function toLinear(c: Vec): Vec {
  const f = (v: number) => {
    const s = Math.min(255, Math.max(0, v)) / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return [f(c[0]), f(c[1]), f(c[2])];
}

const lutSize = 4096;
const srgbLut = (() => {
  const lut = new Uint8Array(lutSize + 1);
  for (let k = 0; k <= lutSize; k++) {
    const v = k / lutSize;
    const s = v <= 0.0031308 ? v * 12.92 : 1.055 * v ** (1 / 2.4) - 0.055;
    lut[k] = Math.round(s * 255);
  }
  return lut;
})();

/** Linear 0–1 (clamped) to an sRGB byte. */
function srgbByte(v: number): number {
  if (!(v > 0)) return 0;
  if (v >= 1) return 255;
  return srgbLut[(v * lutSize + 0.5) | 0]!;
}
