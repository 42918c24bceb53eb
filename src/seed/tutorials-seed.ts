/**
 * Demo tutorials (issue 25): 2–3 published how-to articles for the featured designer and the four most
 * viewed other designers, each with a generated cover picture, a few likes and comments from other
 * designers. Deterministic; the covers go through `storeUserPicture` like an upload.
 */
import sharp from 'sharp';

import type { SkillLevel, TutorialSoftware } from '@/features/tutorials/api';
import type { SqlSession } from '@/server/db/client';
import { storeUserPicture } from '@/server/images/user-pictures';
import { seedClock } from '@/seed/generator';

interface DemoTutorial {
  title: string;
  software: TutorialSoftware[];
  skillLevel: SkillLevel;
  body: string;
}

const demoTutorials: readonly DemoTutorial[] = [
  {
    title: 'Preparing a model for FDM printing: a checklist',
    software: ['Blender', 'PrusaSlicer'],
    skillLevel: 'beginner',
    body: `Most failed prints come from the file, not the printer. Before you export, run through these checks once and you will save hours of wasted filament.

Make the mesh watertight and manifold. Every edge must belong to exactly two faces: no holes, no internal faces, no duplicate vertices. In Blender, enable the 3D-Print Toolbox add-on and run "Check All"; "Make Manifold" fixes most small problems.

Check wall thickness. With a 0.4 mm nozzle the slicer needs at least two perimeters, so keep every wall at 0.8 mm or more, and 1.2 mm for parts that carry load. Thin details such as antennae or fingers should be thicker than they look on screen.

Look at overhangs. Surfaces steeper than about 45 degrees from vertical need supports. Chamfer the underside of holes and ledges, or split the model so every part has a flat side on the build plate.

Export in millimetres. Apply scale and rotation (Ctrl+A), set the unit scale to 0.001 with millimetres as the length unit, and export STL or 3MF. Open the file in your slicer and check the dimensions before you press print.`,
  },
  {
    title: 'Clean quad topology for subdivision surfaces',
    software: ['Blender'],
    skillLevel: 'intermediate',
    body: `Subdivision rewards good topology and punishes bad topology. Aim for an all-quad mesh with evenly spaced edge loops that follow the form of the object.

Hold hard edges with support loops. Place two loops close to each sharp edge instead of relying on creases; the closer the loops, the tighter the corner after subdivision.

Keep poles (vertices with three or five edges) on flat areas, away from curved surfaces and silhouettes, where they cause pinching. Triangles and n-gons are fine on flat, hidden faces, but never where the surface bends or deforms.

Check your work with a matcap and the subdivision modifier at level 2. Wobbly reflections show uneven spacing; fix it with the Relax and Smooth Vertices tools before you move on to UVs.`,
  },
  {
    title: 'UV unwrapping without stretching',
    software: ['Blender'],
    skillLevel: 'intermediate',
    body: `Good UVs make texturing easy and keep detail where it matters. Start by marking seams where they are least visible: under the model, along hard edges and on the inside of parts.

Unwrap with the Angle Based method and apply a checker texture. Squares that turn into rectangles or diamonds show stretching; add seams or relax the islands until the checker looks even.

Keep texel density consistent. Use the same number of pixels per metre on every island so no part looks blurrier than the rest; enlarge only the parts the camera sees up close.

Leave padding between islands: about 8 pixels at 2K and 16 at 4K, so mipmaps do not bleed colours from one island into the next. Straighten islands of straight parts, it packs tighter and avoids jagged texture lines.`,
  },
  {
    title: 'Baking normal maps from high poly to low poly',
    software: ['Substance Painter'],
    skillLevel: 'advanced',
    body: `A normal map lets a light model look as detailed as the sculpt. Name your meshes in pairs (door_low, door_high) and bake "by mesh name" so parts do not project onto their neighbours.

Split the UVs wherever the low-poly mesh has a hard edge, and only there. Matching hard edges with UV seams avoids the dark gradients that appear on flat faces.

Use a cage or a small max frontal distance. Rays that travel too far pick up the wrong surface and leave wavy artefacts; too short and you get holes in the bake.

Bake at twice the final resolution with 16-bit output, then downscale. Check the result under a moving light: seams, skewed details and inverted green channels are much easier to spot when the light moves.`,
  },
  {
    title: 'Hollowing resin prints and placing drain holes',
    software: ['Lychee Slicer'],
    skillLevel: 'intermediate',
    body: `Solid resin prints use a lot of resin and crack as they cure. Hollow large models with a wall of 2 to 3 mm: thinner walls warp, thicker walls save little.

Every hollow part needs at least two drain holes of 3 mm or more: one to let resin out and one to let air in. Put them close to the build plate and on surfaces that will be hidden later.

Tilt the model 30 to 45 degrees. Large flat layers create strong suction forces on the release film; a tilted model peels off gradually and needs fewer supports.

Wash the inside too. Flush the cavity with fresh alcohol through the holes, let it dry completely, then cure. Trapped liquid resin can crack a model weeks after printing.`,
  },
  {
    title: 'Exporting game-ready assets to glTF',
    software: ['Blender'],
    skillLevel: 'intermediate',
    body: `glTF is the most reliable format for real-time engines and the web. Before exporting, apply all transforms so the object has rotation 0 and scale 1; engines read unapplied transforms differently.

Use metallic-roughness PBR materials built from a Principled BSDF with image textures plugged in directly. Procedural nodes do not export, so bake them to images first.

Keep textures at power-of-two sizes (1024, 2048) and pack ambient occlusion, roughness and metalness into one image (R, G, B) to save memory.

Export GLB for a single self-contained file, with +Y up, and check it in a web viewer. If the model looks too dark or too shiny, the base colour texture is probably set to non-colour data.`,
  },
  {
    title: 'Splitting large prints into parts that fit together',
    software: ['Fusion 360'],
    skillLevel: 'intermediate',
    body: `When a model is bigger than the build volume, cut it where the seam is easy to hide: along existing edges, under overhangs or at changes of colour.

Add alignment keys. Cylindrical pins with 0.2 mm clearance per side let parts slide together; keyed shapes such as a square or a D profile also prevent rotation.

Orient every part so its cut face lies on the build plate. You get a perfectly flat mating surface and fewer supports.

Test the fit before printing everything: print just the joint area of two parts, adjust the clearance for your printer, then print the full set.`,
  },
  {
    title: 'Setting up PBR materials that look right everywhere',
    software: ['Substance Painter'],
    skillLevel: 'advanced',
    body: `Physically based materials only look consistent across renderers when the values are plausible. Keep base colour between about 30 and 240 in sRGB: nothing in nature is pure black or pure white.

Metalness is almost always 0 or 1. Values in between are for transitions such as dirt on metal, not for whole surfaces.

Put the detail in roughness. Fingerprints, scratches and wear in the roughness map make a surface believable far more than extra colour noise.

Check your materials under several HDR environments before you export. A material that only looks good under one light is tuned to that light, not physically based.`,
  },
  {
    title: 'From a ZBrush sculpt to a printable, sellable file',
    software: ['ZBrush'],
    skillLevel: 'advanced',
    body: `A raw sculpt often has tens of millions of polygons: too heavy for slicers and for buyers to download. Finish the sculpt on a copy, and keep the original subtool history.

Merge the parts that touch into one watertight shell with DynaMesh or Live Boolean, so the slicer sees a closed volume instead of intersecting pieces.

Reduce the polygon count with Decimation Master. Pre-process the mesh once, then decimate to about 1 to 2 million triangles: the print looks the same, and the STL shrinks from gigabytes to tens of megabytes.

Scale to real size before exporting. ZBrush units are arbitrary; use the Scale Master plug-in or the 3D Print Hub to set the height in millimetres, then export STL and check it in a slicer.`,
  },
  {
    title: 'Tolerances for parts that fit together',
    software: ['Tinkercad'],
    skillLevel: 'beginner',
    body: `Printed parts come out slightly bigger than the model on the outside and smaller on the inside, so two parts drawn at exactly the same size will not fit.

Leave a gap between moving or mating parts: 0.2 mm per side for a sliding fit, 0.1 mm for a press fit and 0.4 mm for parts that must move freely, such as hinges printed in place.

In Tinkercad, make the hole slightly bigger than the peg: for a 5 mm peg, a 5.4 mm hole. Group the hole with the part to cut it, then export STL.

Print a small test piece with several gaps (0.1, 0.2, 0.3 and 0.4 mm) before the full model: every printer and filament behaves a little differently.`,
  },
];

const demoComments = [
  'Thanks, this is exactly the checklist I was missing.',
  'Great write-up! Could you add a note on which export settings you use for 3MF?',
  'Followed it step by step and my last print came out perfect.',
  'Very clear. The part about **wall thickness** saved me a failed print.',
  'I would add: check the normals before exporting, it bit me twice.',
  'Bookmarked. Looking forward to the next one.',
];

const sqlText = (value: string) => `'${value.replaceAll("'", "''")}'`;
const sqlTextArray = (values: readonly string[]) => `ARRAY[${values.map(sqlText).join(', ')}]::text[]`;
/** A deterministic pseudo-random non-negative number from a seed expression and a salt. */
const mix = (seed: string, salt: number) => `abs(hashint8((${seed}) * 16 + ${salt})::bigint)`;

/** Cover colours by a tutorial's first software (one family per kind of program). */
function coverColours(software: string): [string, string] {
  if (/slicer|cura|bambu/i.test(software)) return ['#0f766e', '#99f6e4'];
  if (/substance|marvelous/i.test(software)) return ['#9a3412', '#fed7aa'];
  if (/fusion|solidworks|tinkercad|openscad|rhino|sketchup/i.test(software)) return ['#1e3a8a', '#bfdbfe'];
  if (/zbrush/i.test(software)) return ['#6b21a8', '#e9d5ff'];
  return ['#1f2937', '#fde68a'];
}

/** A 16:9 cover: a gradient and a wireframe of a low-poly shape, without text (no fonts needed). */
async function coverPicture(seed: number, software: string): Promise<Buffer> {
  const [dark, light] = coverColours(software);
  const cx = 720 + ((seed * 97) % 300) - 150;
  const points = Array.from({ length: 7 }, (_, i) => {
    const angle = (i / 7) * Math.PI * 2 + seed;
    const radius = 230 + ((seed * 31 + i * 17) % 90);
    return [Math.round(cx + Math.cos(angle) * radius), Math.round(405 + Math.sin(angle) * radius)];
  });
  const spokes = points.map(([x, y]) => `<line x1="${cx}" y1="405" x2="${x}" y2="${y}"/>`).join('');
  const rim = points.map(([x, y]) => `${x},${y}`).join(' ');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1440" height="810">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/></linearGradient></defs>
    <rect width="1440" height="810" fill="url(#g)"/>
    <g stroke="#ffffff" stroke-opacity="0.75" stroke-width="4" fill="none">${spokes}<polygon points="${rim}"/></g>
    <g fill="#ffffff">${points.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="9"/>`).join('')}<circle cx="${cx}" cy="405" r="11"/></g>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export async function insertDemoTutorials(handle: SqlSession, filesRoot?: string): Promise<void> {
  const clock = seedClock.toISOString();
  const bank = demoTutorials
    .map(
      (t, i) =>
        `(${i}, ${sqlText(t.title)}, ${sqlTextArray(t.software)}, ${sqlText(t.skillLevel)}, ${sqlText(t.body)})`,
    )
    .join(',\n');
  const n = demoTutorials.length;
  await handle.exec(`
    WITH featured AS (
      SELECT user_id FROM featured_designers WHERE active ORDER BY created_at DESC, id DESC LIMIT 1
    ),
    authors AS (
      SELECT user_id, row_number() OVER (ORDER BY is_featured DESC, model_views DESC, user_id) - 1 AS rank
      FROM (
        (SELECT user_id, true AS is_featured, 0 AS model_views FROM featured)
        UNION ALL
        (SELECT p.user_id, false, p.model_views FROM designer_profiles p
         WHERE p.user_id NOT IN (SELECT user_id FROM featured)
         ORDER BY p.model_views DESC, p.user_id LIMIT 4)
      ) c
    ),
    bank (i, title, software, skill_level, body) AS (VALUES ${bank}),
    -- Tutorials about the designer's own software first, then the bank in turn from the designer's rank.
    picks AS (
      SELECT a.user_id, a.rank, b.*, row_number() OVER (
        PARTITION BY a.user_id
        ORDER BY (b.software && p.software) DESC, (b.i + ${n} - a.rank * 3 % ${n}) % ${n}
      ) - 1 AS j
      FROM authors a
      JOIN designer_profiles p ON p.user_id = a.user_id
      CROSS JOIN bank b
    ),
    dated AS (
      SELECT *, '${clock}'::timestamptz - make_interval(days => (rank * 11 + j * 37 + 3)::int) AS at
      FROM picks WHERE j < CASE WHEN rank = 0 THEN 3 ELSE 2 END
    )
    INSERT INTO designer_tutorials
      (designer_id, title, body, software, skill_level, status, created_at, updated_at, published_at)
    SELECT user_id, title, body, software, skill_level, 'published', at, at, at
    FROM dated
    ORDER BY rank, j;`);

  // Likes from 2–24 other designers, and 0–3 comments each (never the author's own).
  await handle.exec(`
    WITH d AS (
      SELECT user_id, row_number() OVER (ORDER BY user_id) AS rn, count(*) OVER () AS n FROM designer_profiles
    ),
    likers AS (
      SELECT DISTINCT t.id AS tutorial_id, d.user_id, t.published_at
      FROM designer_tutorials t
      CROSS JOIN generate_series(1, 2 + (${mix('t.id', 1)} % 23)::int) AS k
      JOIN d ON d.rn = 1 + (${mix('t.id * 64 + k', 2)} % d.n)
      WHERE d.user_id <> t.designer_id
    )
    INSERT INTO tutorial_likes (user_id, tutorial_id, liked_at)
    SELECT user_id, tutorial_id, published_at + interval '1 day' FROM likers ON CONFLICT DO NOTHING;
    WITH d AS (
      SELECT user_id, row_number() OVER (ORDER BY user_id) AS rn, count(*) OVER () AS n FROM designer_profiles
    ),
    bank (i, body) AS (VALUES ${demoComments.map((c, i) => `(${i}, ${sqlText(c)})`).join(', ')})
    INSERT INTO tutorial_comments (tutorial_id, author_id, body, created_at)
    SELECT t.id, d.user_id, bank.body, t.published_at + make_interval(hours => (k * 20 + ${mix('t.id', 4)} % 12)::int)
    FROM designer_tutorials t
    CROSS JOIN generate_series(1, (${mix('t.id', 3)} % 4)::int) AS k
    JOIN d ON d.rn = 1 + (${mix('t.id * 64 + k', 5)} % d.n)
    JOIN bank ON bank.i = (t.id + k) % ${demoComments.length}
    WHERE d.user_id <> t.designer_id
    ORDER BY t.id, k;
    UPDATE designer_tutorials t SET
      likes = (SELECT count(*) FROM tutorial_likes l WHERE l.tutorial_id = t.id),
      comments = (SELECT count(*) FROM tutorial_comments c WHERE c.tutorial_id = t.id);`);

  const rows = await handle.query<{ id: number; software: string[] }>(
    'SELECT id, software FROM designer_tutorials WHERE cover_key IS NULL ORDER BY id',
  );
  for (const row of rows) {
    const picture = await storeUserPicture(
      `tutorials/${row.id}`,
      await coverPicture(row.id, row.software[0] ?? ''),
      filesRoot,
    );
    await handle.query('UPDATE designer_tutorials SET cover_key = $1, cover_width = $2, cover_height = $3 WHERE id = $4', [
      picture.key,
      picture.width,
      picture.height,
      row.id,
    ]);
  }
}
