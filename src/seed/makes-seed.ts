/**
 * Demo makes and renders (issue 25, decision 0044), so the galleries and the models' "Makes (N)" are
 * alive on first start: members' pictures of the demo-mesh print models (drawn here: the printed shape
 * on a print bed, in a filament colour), liked by a few members; and two studio pictures ("renders") of
 * each of the demo seller's models. Deterministic: fixed texts and colours, dates counted from `now`.
 */
import sharp from 'sharp';

import type { SqlSession } from '@/server/db/client';
import { writeFile } from '@/server/files/store';
import { previewWidths } from '@/server/images/previews';
import { storeUserPicture } from '@/server/images/user-pictures';

const hour = 3_600_000;

interface DemoMake {
  model: string;
  description: string;
  printer: string;
  material: string;
  settings: string;
  colour: string;
  shape: 'cube' | 'ring' | 'sphere' | 'rod';
  hoursAgo: number;
  /** How many members like it. */
  likes: number;
}

const demoMakes: readonly DemoMake[] = [
  {
    model: '20 mm XYZ calibration cube',
    description: 'First print after levelling the bed: all three axes within 0.05 mm.',
    printer: 'Prusa MK4',
    material: 'PLA, Galaxy Black',
    settings: '0.2 mm layers, 15 % infill, no supports',
    colour: '#2b2f3a',
    shape: 'cube',
    hoursAgo: 3,
    likes: 4,
  },
  {
    model: '20 mm XYZ calibration cube',
    description: 'Tuned the flow rate with it; the corners came out sharp.',
    printer: 'Bambu Lab P1S',
    material: 'PETG, orange',
    settings: '0.16 mm layers, 20 % gyroid infill',
    colour: '#f07a1a',
    shape: 'cube',
    hoursAgo: 30,
    likes: 2,
  },
  {
    model: 'Torus ring, 30 mm',
    description: 'Printed flat, no supports needed. Smooth enough to wear after light sanding.',
    printer: 'Creality Ender-3 V3',
    material: 'Silk PLA, gold',
    settings: '0.12 mm layers, 100 % infill',
    colour: '#d4a437',
    shape: 'ring',
    hoursAgo: 8,
    likes: 6,
  },
  {
    model: 'Sphere, 20 mm',
    description: 'Resin print, supported from below, then cured for two minutes.',
    printer: 'Elegoo Saturn 3',
    material: 'Standard resin, grey',
    settings: '0.05 mm layers, 2.5 s exposure',
    colour: '#8a8f99',
    shape: 'sphere',
    hoursAgo: 52,
    likes: 3,
  },
  {
    model: 'Round spacer rod, 20 × 80 mm',
    description: 'Used four of these as standoffs for a shelf.',
    printer: 'Prusa MK4',
    material: 'PETG, transparent blue',
    settings: '0.2 mm layers, 4 walls',
    colour: '#2f7fd0',
    shape: 'rod',
    hoursAgo: 75,
    likes: 1,
  },
  {
    model: 'Seven-eighths cube',
    description: '',
    printer: 'Anycubic Kobra 2',
    material: 'PLA, green',
    settings: '',
    colour: '#3e9b4f',
    shape: 'cube',
    hoursAgo: 120,
    likes: 0,
  },
];

function shapeSvg(shape: DemoMake['shape'], colour: string): string {
  switch (shape) {
    case 'cube':
      return `<polygon points="300,150 450,210 450,370 300,430 150,370 150,210" fill="${colour}"/>
        <polygon points="300,150 450,210 300,270 150,210" fill="#ffffff" fill-opacity="0.25"/>
        <polygon points="300,270 450,210 450,370 300,430" fill="#000000" fill-opacity="0.2"/>`;
    case 'ring':
      return `<ellipse cx="300" cy="300" rx="170" ry="110" fill="none" stroke="${colour}" stroke-width="60"/>`;
    case 'sphere':
      return `<circle cx="300" cy="280" r="140" fill="${colour}"/>
        <circle cx="250" cy="230" r="50" fill="#ffffff" fill-opacity="0.3"/>`;
    case 'rod':
      return `<rect x="240" y="90" width="120" height="330" rx="20" fill="${colour}"/>
        <ellipse cx="300" cy="95" rx="60" ry="22" fill="#ffffff" fill-opacity="0.3"/>`;
  }
}

/** A 600 × 450 "photo": the print on a textured bed, as a PNG. */
async function drawPrint(shape: DemoMake['shape'], colour: string, variant: number): Promise<Buffer> {
  const bed = ['#cfd6e0', '#d9cfc3', '#c6d3c8'][variant % 3];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="450" viewBox="0 0 600 450">
    <rect width="600" height="450" fill="${bed}"/>
    <g stroke="#ffffff" stroke-opacity="0.35">${Array.from({ length: 12 }, (_, i) => `<line x1="${i * 50}" y1="0" x2="${i * 50}" y2="450"/>`).join('')}</g>
    <ellipse cx="300" cy="430" rx="200" ry="24" fill="#000000" fill-opacity="0.15"/>
    ${shapeSvg(shape, colour)}
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A studio render of one of the demo seller's models: the shape lit from above on a gradient. */
async function drawRender(shape: DemoMake['shape'], colour: string): Promise<Map<number, Buffer>> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="540" viewBox="0 0 600 450">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f4f6fb"/><stop offset="1" stop-color="#b8c0d0"/></linearGradient></defs>
    <rect width="600" height="450" fill="url(#g)"/>
    ${shapeSvg(shape, colour)}
  </svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const files = new Map<number, Buffer>();
  for (const width of previewWidths)
    files.set(width, await sharp(png).resize({ width }).webp({ quality: 80 }).toBuffer());
  return files;
}

export async function insertDemoMakes(
  handle: SqlSession,
  filesRoot?: string,
  now = new Date(),
): Promise<void> {
  const titles = [...new Set(demoMakes.map((make) => make.model))];
  const models = await handle.query<{ id: number; title: string }>(
    `SELECT id, title FROM models WHERE title = ANY($1::text[]) AND status = 'published' ORDER BY id`,
    [titles],
  );
  const members = await handle.query<{ id: number }>(
    `SELECT id FROM users WHERE username NOT LIKE 'demo-%' ORDER BY id LIMIT 12`,
  );
  if (members.length === 0) return;
  for (const [index, make] of demoMakes.entries()) {
    const model = models.find((row) => row.title === make.model);
    if (!model) continue;
    const maker = members[index % members.length]!;
    const picture = await storeUserPicture(
      `makes/u${maker.id}`,
      await drawPrint(make.shape, make.colour, index),
      filesRoot,
    );
    const [row] = await handle.query<{ id: number }>(
      `INSERT INTO makes (model_id, user_id, description, printer, material, settings, likes, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [
        model.id,
        maker.id,
        make.description,
        make.printer,
        make.material,
        make.settings,
        make.likes,
        new Date(now.getTime() - make.hoursAgo * hour),
      ],
    );
    await handle.query(
      `INSERT INTO make_pictures (make_id, position, storage_key, width, height) VALUES ($1, 0, $2, $3, $4)`,
      [row!.id, picture.key, picture.width, picture.height],
    );
    const likers = members.filter((member) => member.id !== maker.id).slice(0, make.likes);
    for (const liker of likers) {
      await handle.query(`INSERT INTO make_likes (user_id, make_id, liked_at) VALUES ($1, $2, $3)`, [
        liker.id,
        row!.id,
        new Date(now.getTime() - (make.hoursAgo / 2) * hour),
      ]);
    }
    await handle.query(`UPDATE makes SET likes = $2 WHERE id = $1`, [row!.id, likers.length]);
  }
  await insertDemoRenders(handle, filesRoot);
}

/** Two studio pictures for each of the demo seller's published models, after the category artwork. */
async function insertDemoRenders(handle: SqlSession, filesRoot?: string): Promise<void> {
  const owned = await handle.query<{ id: number }>(
    `SELECT m.id FROM models m JOIN users u ON u.id = m.designer_id
     WHERE u.username = 'demo-seller' AND m.status = 'published' ORDER BY m.id LIMIT 5`,
  );
  const looks: Array<[DemoMake['shape'], string]> = [
    ['cube', '#5865f2'],
    ['sphere', '#e0533d'],
    ['ring', '#2aa198'],
    ['rod', '#b58900'],
    ['cube', '#6c71c4'],
  ];
  for (const [index, model] of owned.entries()) {
    for (const position of [1, 2]) {
      const [shape, colour] = looks[(index + position) % looks.length]!;
      const key = `previews/studio/m${model.id}-seed${position}`;
      const files = await drawRender(shape, colour);
      for (const [width, data] of files) await writeFile(`${key}-${width}.webp`, data, filesRoot);
      await handle.query(
        `INSERT INTO preview_images (model_id, position, storage_key, widths, aspect_permille)
         VALUES ($1, $2, $3, $4, 750) ON CONFLICT DO NOTHING`,
        [model.id, position, key, [...previewWidths]],
      );
    }
  }
}
