/**
 * Preview pictures: any image in, WebP out in the sizes the pages use (cards 360 w, model page 720 w,
 * suggestion thumbnails 120 w), 4:3. Also draws the generated pictures of the demo catalogue.
 */
import sharp from 'sharp';

import { fileExists, writeFile } from '@/server/files/store';

import { pictogramMarkup } from './pictograms';

export const previewWidths = [120, 360, 720] as const;
export const previewAspectPermille = 750;
export const avatarWidths = [64, 160] as const;

/** Raw pixels, 4 bytes (RGBA) each, row by row: a rendering that needs no decoding. */
export interface RawPicture {
  rgba: Uint8Array;
  width: number;
  height: number;
}

/** Resizes (cover-cropped to 4:3) and stores `{key}-{width}.webp` for every preview width. */
export async function storePreview(key: string, input: Buffer | RawPicture, root?: string): Promise<void> {
  const largest = previewWidths[previewWidths.length - 1]!;
  const source = Buffer.isBuffer(input)
    ? sharp(input, { limitInputPixels: 64_000_000 })
    : sharp(input.rgba, { raw: { width: input.width, height: input.height, channels: 4 } });
  const base = source
    .rotate()
    .resize(largest, Math.round((largest * previewAspectPermille) / 1000), { fit: 'cover' });
  // The master stays raw pixels: encoding and decoding it again would cost more than the resizing.
  const master = await base.raw().toBuffer({ resolveWithObject: true });
  const raw = { width: master.info.width, height: master.info.height, channels: master.info.channels };
  // A rendering (raw pixels: flat shading on a smooth backdrop) loses nothing visible at effort 2, which
  // takes half the time of 4; the demo catalogue renders 6,000 of them (decision 0058).
  const effort = Buffer.isBuffer(input) ? 4 : 2;
  await Promise.all(
    previewWidths.map(async (width) => {
      const data = await sharp(master.data, { raw })
        .resize(width, Math.round((width * previewAspectPermille) / 1000))
        .webp({ quality: width <= 120 ? 70 : 78, effort })
        .toBuffer();
      await writeFile(`${key}-${width}.webp`, data, root);
    }),
  );
}

const palettes: Array<[string, string]> = [
  ['#3559e0', '#6a8bff'],
  ['#e0533d', '#ff9466'],
  ['#1f9d6b', '#58d39c'],
  ['#7a45d1', '#b48cff'],
  ['#d08a12', '#ffc24d'],
  ['#1f8ea3', '#5fd0de'],
  ['#c43c7a', '#ff7fb3'],
  ['#46566b', '#8a9bb2'],
];
export const pictureVariants = palettes.length;

/** A picture of a category's object: its pictogram on a coloured backdrop with a floor shadow. */
export function categoryPictureSvg(icon: string, variant: number): string {
  const [dark, light] = palettes[variant % palettes.length]!;
  const tilt = ((variant * 37) % 11) - 5;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="540" viewBox="0 0 400 300">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.42" r="0.55"><stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="400" height="300" fill="url(#bg)"/>
  <rect width="400" height="300" fill="url(#glow)"/>
  <ellipse cx="200" cy="252" rx="92" ry="14" fill="#000" fill-opacity="0.18"/>
  <g transform="translate(200 140) rotate(${tilt}) translate(-95 -95) scale(1.9)">
    <g transform="translate(2.5 3.5)" color="#000000" opacity="0.18">${pictogramMarkup(icon)}</g>
    <g color="#ffffff">${pictogramMarkup(icon)}</g>
  </g>
</svg>`;
}

export function categoryPictureKey(icon: string, variant: number): string {
  return `previews/category/${icon}-${variant % palettes.length}`;
}

/** Pictures known to be in a store (a cache only: a miss just checks the store again). */
const storedPictures = new Set<string>();

/** Renders the category picture once; later calls find it in the store. */
export async function ensureCategoryPicture(icon: string, variant: number, root?: string): Promise<string> {
  const key = categoryPictureKey(icon, variant);
  if (storedPictures.has(`${root}/${key}`)) return key;
  if (!(await fileExists(`${key}-${previewWidths[previewWidths.length - 1]}.webp`, root))) {
    await storePreview(key, Buffer.from(categoryPictureSvg(icon, variant)), root);
  }
  storedPictures.add(`${root}/${key}`);
  return key;
}

/** A symmetric 5×5 pattern avatar (like GitHub's identicons), generated from a number. */
export function identiconSvg(seed: number): string {
  const [dark, light] = palettes[seed % palettes.length]!;
  let bits = (seed * 2654435761) >>> 0;
  const cells: string[] = [];
  for (let y = 0; y < 5; y++) {
    for (let x = 0; x < 3; x++) {
      bits = (bits * 1103515245 + 12345) >>> 0;
      if ((bits >>> 16) & 1) {
        for (const cx of new Set([x, 4 - x]))
          cells.push(`<rect x="${10 + cx * 16}" y="${10 + y * 16}" width="16" height="16"/>`);
      }
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 100 100"><rect width="100" height="100" fill="${light}"/><g fill="${dark}">${cells.join('')}</g></svg>`;
}

export async function ensureAvatar(seed: number, root?: string): Promise<string> {
  const key = `avatars/identicon-${seed}`;
  if (!(await fileExists(`${key}-${avatarWidths[avatarWidths.length - 1]}.webp`, root))) {
    const svg = Buffer.from(identiconSvg(seed));
    await Promise.all(
      avatarWidths.map(async (width) =>
        writeFile(
          `${key}-${width}.webp`,
          await sharp(svg).resize(width, width).webp({ quality: 80 }).toBuffer(),
          root,
        ),
      ),
    );
  }
  return key;
}
