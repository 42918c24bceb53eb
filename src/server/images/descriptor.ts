/**
 * Image descriptors for image search (decision 0013): 64 bytes per picture, computed with sharp.
 * - Colour layout (48): the picture squeezed to a 4 × 4 grid, each cell's mean colour in YCbCr — where
 *   the light, dark and coloured parts of the picture are.
 * - Edges (16): a 32 × 32 grey copy's Sobel gradients, per 2 × 2 quarter a 4-bin histogram of edge
 *   orientation weighted by strength, normalised per picture — the outline of the object, whatever
 *   its colours.
 * Each value is quantised to a byte; two pictures' distance is the Euclidean distance of their bytes,
 * edges weighted half as much as colour.
 */
import sharp, { type Sharp } from 'sharp';

export const descriptorLength = 64;
const colourValues = 48;
const edgeWeight = 0.5;

async function colourLayout(image: Sharp): Promise<number[]> {
  const { data } = await image
    .clone()
    .resize(4, 4, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const values: number[] = [];
  for (let i = 0; i < 16; i++) {
    const r = data[i * 3]!;
    const g = data[i * 3 + 1]!;
    const b = data[i * 3 + 2]!;
    values.push(
      0.299 * r + 0.587 * g + 0.114 * b,
      128 - 0.168736 * r - 0.331264 * g + 0.5 * b,
      128 + 0.5 * r - 0.418688 * g - 0.081312 * b,
    );
  }
  return values.map((v) => Math.max(0, Math.min(255, Math.round(v))));
}

async function edgeHistogram(image: Sharp): Promise<number[]> {
  const size = 32;
  const { data } = await image
    .clone()
    .resize(size, size, { fit: 'fill' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => data[y * size + x]!;
  const bins = new Array<number>(16).fill(0);
  for (let y = 1; y < size - 1; y++) {
    for (let x = 1; x < size - 1; x++) {
      const gx =
        at(x + 1, y - 1) +
        2 * at(x + 1, y) +
        at(x + 1, y + 1) -
        at(x - 1, y - 1) -
        2 * at(x - 1, y) -
        at(x - 1, y + 1);
      const gy =
        at(x - 1, y + 1) +
        2 * at(x, y + 1) +
        at(x + 1, y + 1) -
        at(x - 1, y - 1) -
        2 * at(x, y - 1) -
        at(x + 1, y - 1);
      const magnitude = Math.hypot(gx, gy);
      if (magnitude === 0) continue;
      // Orientation without sign (an edge is the same edge either way): 0…π in 4 bins.
      const angle = (Math.atan2(gy, gx) + Math.PI) % Math.PI;
      const bin = Math.min(3, Math.floor((angle / Math.PI) * 4));
      const quarter = (y < size / 2 ? 0 : 2) + (x < size / 2 ? 0 : 1);
      bins[quarter * 4 + bin]! += magnitude;
    }
  }
  const total = bins.reduce((a, b) => a + b, 0) || 1;
  return bins.map((v) => Math.min(255, Math.round((v / total) * 4 * 255)));
}

/** The descriptor of a picture (any format sharp reads; transparency is put on white). */
export async function computeDescriptor(input: Buffer | string): Promise<Uint8Array> {
  const image = sharp(input, { limitInputPixels: 64_000_000 }).rotate().flatten({ background: '#ffffff' });
  const [colour, edges] = await Promise.all([colourLayout(image), edgeHistogram(image)]);
  return Uint8Array.from([...colour, ...edges]);
}

/** Squared distance of two descriptors (smaller is more alike). */
export function descriptorDistance(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < descriptorLength; i++) {
    const d = a[i]! - b[i]!;
    sum += i < colourValues ? d * d : edgeWeight * edgeWeight * d * d;
  }
  return sum;
}
