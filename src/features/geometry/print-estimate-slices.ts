/**
 * The quantities of the print estimate (issue 27, decision 0056), measured at analysis: the mesh turned
 * to the printability report's recommended orientation and sliced every 0.1 mm (coarser for tall
 * models: at most 4,000 slices), each slice's cross-section perimeter and area summed into at most 64
 * bands of equal height, with the area of the faces looking up and down projected onto the plate (the
 * top and bottom skins).
 * One pass over the triangles, each adding its segment to the slices it crosses.
 */
import type { TriangleMesh } from './mesh';
import { rotationPuttingDown } from './overhangs';
import type { PrintQuantities } from './print-estimate';
import type { OrientationFigures } from './printability';

export const sliceStepMm = 0.1;
const maxSlices = 4000;
const maxBands = 64;

export function measurePrintQuantities(
  mesh: TriangleMesh,
  orientation: Pick<OrientationFigures, 'orientation' | 'down'>,
  unitScale = 1,
): PrintQuantities {
  const p = mesh.positions;
  const r = rotationPuttingDown(orientation.down).map((v) => v * unitScale);
  const turn = (i: number, row: number) =>
    r[row]! * p[i]! + r[row + 1]! * p[i + 1]! + r[row + 2]! * p[i + 2]!;
  let low = Infinity;
  let high = -Infinity;
  for (let i = 0; i < p.length; i += 3) {
    const z = turn(i, 6);
    if (z < low) low = z;
    if (z > high) high = z;
  }
  const height = p.length > 0 ? high - low : 0;
  const step = Math.max(sliceStepMm, height / maxSlices);
  const slices = Math.max(1, Math.ceil(height / step));
  const perimeter = new Float64Array(slices);
  const area = new Float64Array(slices);
  const up = new Float64Array(slices);
  const down = new Float64Array(slices);
  const x = [0, 0, 0];
  const y = [0, 0, 0];
  const z = [0, 0, 0];
  const cut = [0, 0, 0, 0];
  for (let i = 0; i < p.length; i += 9) {
    for (let k = 0; k < 3; k++) {
      x[k] = turn(i + 3 * k, 0);
      y[k] = turn(i + 3 * k, 3);
      z[k] = turn(i + 3 * k, 6) - low;
    }
    // The outward normal (from the winding), twice the face's area long.
    const ux = x[1]! - x[0]!,
      uy = y[1]! - y[0]!,
      uz = z[1]! - z[0]!;
    const vx = x[2]! - x[0]!,
      vy = y[2]! - y[0]!,
      vz = z[2]! - z[0]!;
    const nx = uy * vz - uz * vy,
      ny = uz * vx - ux * vz,
      nz = ux * vy - uy * vx;
    const bottom = Math.min(z[0]!, z[1]!, z[2]!);
    const top = Math.max(z[0]!, z[1]!, z[2]!);
    const middle = Math.min(slices - 1, Math.floor((bottom + top) / 2 / step));
    if (nz > 0) up[middle]! += nz / 2;
    else down[middle]! -= nz / 2;
    // The slices' planes are at the middle of each step; a corner on a plane counts as below it.
    const first = Math.max(0, Math.ceil(bottom / step - 0.5));
    const last = Math.min(slices - 1, Math.floor(top / step - 0.5));
    for (let s = first; s <= last; s++) {
      const plane = (s + 0.5) * step;
      let found = 0;
      for (let a = 0; a < 3 && found < 4; a++) {
        const b = (a + 1) % 3;
        if (z[a]! > plane === z[b]! > plane) continue;
        const t = (plane - z[a]!) / (z[b]! - z[a]!);
        cut[found++] = x[a]! + (x[b]! - x[a]!) * t;
        cut[found++] = y[a]! + (y[b]! - y[a]!) * t;
      }
      if (found < 4) continue;
      let dx = cut[2]! - cut[0]!;
      let dy = cut[3]! - cut[1]!;
      perimeter[s]! += Math.hypot(dx, dy);
      // Run the segment with the inside on its left (counter-clockwise round the outside), then its
      // part of the shoelace sum of the slice's area.
      const forward = -ny * dx + nx * dy >= 0;
      const [ax, ay] = forward ? [cut[0]!, cut[1]!] : [cut[2]!, cut[3]!];
      if (!forward) {
        dx = -dx;
        dy = -dy;
      }
      area[s]! += (ax * dy - ay * dx) / 2;
    }
  }
  // A mesh wound inside out gives negative areas throughout.
  let signedTotal = 0;
  for (let s = 0; s < slices; s++) signedTotal += area[s]!;
  const sign = signedTotal < 0 ? -1 : 1;
  const bandCount = Math.min(maxBands, slices);
  const bands: PrintQuantities['bands'] = [];
  let volume = 0;
  for (let b = 0; b < bandCount; b++) {
    const from = Math.floor((b * slices) / bandCount);
    const to = Math.floor(((b + 1) * slices) / bandCount);
    let bandArea = 0;
    let bandPerimeter = 0;
    let bandUp = 0;
    let bandDown = 0;
    for (let s = from; s < to; s++) {
      bandArea += Math.max(0, sign * area[s]!);
      bandPerimeter += perimeter[s]!;
      bandUp += sign > 0 ? up[s]! : down[s]!;
      bandDown += sign > 0 ? down[s]! : up[s]!;
    }
    const bandHeight = Math.min(to * step, height) - Math.min(from * step, height);
    volume += bandArea * step;
    bands.push(
      [bandHeight, bandArea * step, bandPerimeter * step, bandUp, bandDown].map(
        round,
      ) as PrintQuantities['bands'][number],
    );
  }
  return {
    orientation: orientation.orientation,
    heightMm: round(height),
    volumeMm3: round(volume),
    sliceStepMm: round(step),
    bands,
  };
}

/** Four significant digits keep the stored JSON small; the estimate is not finer than that. */
const round = (value: number) => (value === 0 ? 0 : Number(value.toPrecision(4)));
