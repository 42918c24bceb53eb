import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

import { computeDescriptor, descriptorDistance, descriptorLength } from './descriptor';
import { categoryPictureSvg } from './previews';

const icons = ['aircraft', 'car', 'sofa', 'dinosaur', 'gear', 'cup', 'boat', 'robot'];

async function pictures() {
  const list: Array<{ name: string; png: Buffer }> = [];
  for (const icon of icons)
    for (const variant of [0, 3, 6])
      list.push({
        name: `${icon}-${variant}`,
        png: await sharp(Buffer.from(categoryPictureSvg(icon, variant)))
          .png()
          .toBuffer(),
      });
  return list;
}

describe('image descriptors', () => {
  it('are 64 bytes, identical for the same picture and near for a resized, recompressed copy', async () => {
    const [first] = await pictures();
    const a = await computeDescriptor(first!.png);
    expect(a).toHaveLength(descriptorLength);
    expect(descriptorDistance(a, await computeDescriptor(first!.png))).toBe(0);
    const copy = await sharp(first!.png).resize(200).jpeg({ quality: 60 }).toBuffer();
    expect(descriptorDistance(a, await computeDescriptor(copy))).toBeGreaterThan(0);
  });

  it('find a cropped, resized copy of a picture among the 3 nearest of 24 pictures', async () => {
    const all = await pictures();
    const index = await Promise.all(
      all.map(async (p) => ({ name: p.name, d: await computeDescriptor(p.png) })),
    );
    for (const picture of all) {
      const { width, height } = await sharp(picture.png).metadata();
      const copy = await sharp(picture.png)
        .extract({
          left: Math.round(width! * 0.08),
          top: Math.round(height! * 0.08),
          width: Math.round(width! * 0.84),
          height: Math.round(height! * 0.84),
        })
        .resize(300)
        .jpeg({ quality: 70 })
        .toBuffer();
      const query = await computeDescriptor(copy);
      const ranked = index
        .map((entry) => ({ name: entry.name, distance: descriptorDistance(query, entry.d) }))
        .sort((a, b) => a.distance - b.distance);
      expect(
        ranked.slice(0, 3).map((r) => r.name),
        picture.name,
      ).toContain(picture.name);
    }
  });
});
