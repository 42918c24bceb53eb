/**
 * The in-memory index of fingerprints an instance looks new uploads up in (decision 0057). Each
 * fingerprint is kept as a 16-byte sketch: its three surface figures and its histograms merged into
 * coarse bins (8 for D2, 4 for D1), each quantised to a byte. Merging bins never increases an L1
 * distance, so the sketch's distance, less the rounding, is a lower bound of the full distance: a scan
 * of the sketches with that bound misses no fingerprint within the threshold, and only the few it
 * keeps are compared in full. The sketches are grouped by their first two bytes, so a lookup only scans
 * the groups near its own. 2,000,000 fingerprints take about 40 MB.
 */
import { d1Bins, d2Bins, fingerprintLength } from './fingerprint';

export const sketchBytes = 16;
const coarseD2 = 8;
const coarseD1 = 4;
/**
 * Sum of the distance's weights over the sketch's bytes: two values rounded to bytes may differ by one
 * step more than the values do.
 */
const roundingSlack = 3 * 1 + (coarseD2 + coarseD1) * 0.5;

/** The sketch of a fingerprint, written at `out[offset..offset+16)`. */
export function writeSketch(vector: ArrayLike<number>, out: Uint8Array, offset: number): void {
  if (vector.length !== fingerprintLength) throw new Error(`a fingerprint has ${fingerprintLength} numbers`);
  const byte = (value: number) => Math.max(0, Math.min(255, Math.round(value * 255)));
  for (let k = 0; k < 3; k++) out[offset + k] = byte(vector[k]!);
  const merge = (from: number, bins: number, into: number, at: number) => {
    const per = bins / into;
    for (let c = 0; c < into; c++) {
      let sum = 0;
      for (let b = 0; b < per; b++) sum += vector[from + c * per + b]!;
      out[offset + at + c] = byte(sum);
    }
  };
  merge(3, d2Bins, coarseD2, 3);
  merge(3 + d2Bins, d1Bins, coarseD1, 3 + coarseD2);
  out[offset + 15] = 0;
}

/** Sketches grouped by their first two bytes (the spread ratios), `cellSteps` byte steps a side. */
const cellSteps = 8;
const cellsPerSide = 256 / cellSteps;

interface Cell {
  sketches: Uint8Array;
  ids: Int32Array;
  count: number;
}

export class FingerprintIndex {
  private readonly cells: (Cell | undefined)[] = new Array<Cell | undefined>(cellsPerSide * cellsPerSide);
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** Adds one fingerprint under `id` (the fingerprint row's id). */
  add(id: number, vector: ArrayLike<number>): void {
    const sketch = new Uint8Array(sketchBytes);
    writeSketch(vector, sketch, 0);
    const at = Math.floor(sketch[0]! / cellSteps) * cellsPerSide + Math.floor(sketch[1]! / cellSteps);
    let cell = this.cells[at];
    if (!cell)
      cell = this.cells[at] = {
        sketches: new Uint8Array(64 * sketchBytes),
        ids: new Int32Array(64),
        count: 0,
      };
    if (cell.count === cell.ids.length) {
      const ids = new Int32Array(cell.ids.length * 2);
      ids.set(cell.ids);
      const sketches = new Uint8Array(cell.sketches.length * 2);
      sketches.set(cell.sketches);
      cell.ids = ids;
      cell.sketches = sketches;
    }
    cell.sketches.set(sketch, cell.count * sketchBytes);
    cell.ids[cell.count++] = id;
    this.count++;
  }

  /**
   * The ids of the fingerprints that may lie within `maxDistance` of `vector` (a superset of those
   * that do), closest sketch first, at most `limit` of them.
   */
  candidates(vector: ArrayLike<number>, maxDistance: number, limit = 64): number[] {
    const probe = new Uint8Array(sketchBytes);
    writeSketch(vector, probe, 0);
    // In byte steps, with the scalars counted twice so that every weight is a whole number.
    const bound = Math.floor(2 * (255 * maxDistance + roundingSlack));
    const [p0, p1, p2] = [probe[0]!, probe[1]!, probe[2]!];
    const gap = (cell: number, value: number) =>
      Math.max(0, cell * cellSteps - value, value - (cell * cellSteps + cellSteps - 1));
    const found: { id: number; score: number }[] = [];
    for (let c0 = 0; c0 < cellsPerSide; c0++) {
      const gap0 = 2 * gap(c0, p0);
      if (gap0 > bound) continue;
      for (let c1 = 0; c1 < cellsPerSide; c1++) {
        const cell = this.cells[c0 * cellsPerSide + c1];
        if (!cell || gap0 + 2 * gap(c1, p1) > bound) continue;
        const { sketches, ids } = cell;
        for (let i = 0, o = 0; i < cell.count; i++, o += sketchBytes) {
          let score =
            2 *
            (Math.abs(sketches[o]! - p0) + Math.abs(sketches[o + 1]! - p1) + Math.abs(sketches[o + 2]! - p2));
          if (score > bound) continue;
          for (let k = 3; k < 15; k++) score += Math.abs(sketches[o + k]! - probe[k]!);
          if (score <= bound) found.push({ id: ids[i]!, score });
        }
      }
    }
    found.sort((a, b) => a.score - b.score);
    return found.slice(0, limit).map((entry) => entry.id);
  }
}
