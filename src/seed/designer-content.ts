/**
 * Demo reviews between designers and how-to tutorials of the top designers (the profile's reviews and
 * tutorials tabs). Deterministic, and set-based: a few INSERT … SELECT statements whatever the size of
 * the catalogue (about 100,000 reviews for the 20,000 designers of 2,000,000 models).
 */
import type { SqlSession } from '@/server/db/client';
import { seedClock } from '@/seed/generator';

/** Openers by star rating (index 0 = 1 star). */
const openers: readonly (readonly string[])[] = [
  [
    'Disappointing purchase.',
    'Not what the previews promised.',
    'I cannot recommend this one.',
    'Sadly this was a waste of time.',
  ],
  [
    'Below my expectations.',
    'Usable, but only after a lot of fixing.',
    'Mixed feelings about this order.',
    'It needed more work than I expected.',
  ],
  [
    'Decent, with a few rough edges.',
    'Okay overall, nothing special.',
    'An average experience.',
    'Fine for the price.',
  ],
  [
    'Very good work.',
    'Solid model and a smooth purchase.',
    'Good value for the money.',
    'Happy with the result.',
    'Nicely made and well documented.',
  ],
  [
    'Excellent work!',
    'Outstanding model, exactly what I needed.',
    'One of the best purchases I have made here.',
    'Top quality from start to finish.',
    'Absolutely brilliant designer.',
    'Five stars without hesitation.',
  ],
];

const positiveDetails = [
  'Clean quad topology that subdivides without pinching.',
  'The UVs are laid out neatly with almost no stretching.',
  'It printed on the first try with no supports needed.',
  'Walls are thick enough everywhere, so the print came out solid.',
  'The mesh is watertight and the slicer reported no errors.',
  'Textures are sharp and the PBR maps look right in every renderer.',
  'Answered my questions within an hour.',
  'Delivered the custom changes two days ahead of schedule.',
  'Real-world scale was correct right out of the box.',
  'The file was organised with named objects and applied transforms.',
  'Low poly count but the silhouette still reads very well.',
  'The rig deforms nicely and the weights needed no cleanup.',
  'Parts snapped together perfectly after printing.',
  'Clear communication from the first message to delivery.',
  'Included both STL and 3MF, already oriented for printing.',
  'Normals were consistent and the smoothing looked correct.',
];

const negativeDetails = [
  'Several non-manifold edges had to be repaired before slicing.',
  'The UVs overlap, so baking produced visible artefacts.',
  'Walls are thinner than 0.5 mm in places and broke during printing.',
  'The scale was off by a factor of ten.',
  'Textures were missing from the download.',
  'Messages took almost a week to get an answer.',
  'Delivery was late and the requested changes were incomplete.',
  'Flipped normals on half of the model.',
  'The poly count is far higher than stated in the description.',
  'Overhangs need a lot of supports that the description did not mention.',
  'Hidden internal faces made the slicer fail.',
  'The topology is messy triangles that are hard to edit.',
];

const positiveClosers = [
  'Highly recommended.',
  'Will definitely buy again.',
  'Thanks a lot!',
  'Great designer to work with.',
  'Worth every cent.',
  'Looking forward to the next release.',
];

const negativeClosers = [
  'I hope future updates fix this.',
  'Please check the files before uploading.',
  'I expected better for the price.',
  'Would not order again.',
  'Support eventually helped, but it took too long.',
];

interface Tutorial {
  title: string;
  software: string;
  body: string;
}

const tutorials: readonly Tutorial[] = [
  {
    title: 'Preparing a model for FDM printing: a checklist',
    software: 'Blender',
    body: `Most failed prints come from the file, not the printer. Before you export, run through these checks once and you will save hours of wasted filament.

Make the mesh watertight and manifold. Every edge must belong to exactly two faces: no holes, no internal faces, no duplicate vertices. In Blender, enable the 3D-Print Toolbox add-on and run "Check All"; "Make Manifold" fixes most small problems.

Check wall thickness. With a 0.4 mm nozzle the slicer needs at least two perimeters, so keep every wall at 0.8 mm or more, and 1.2 mm for parts that carry load. Thin details such as antennae or fingers should be thicker than they look on screen.

Look at overhangs. Surfaces steeper than about 45 degrees from vertical need supports. Chamfer the underside of holes and ledges, or split the model so every part has a flat side on the build plate.

Export in millimetres. Apply scale and rotation (Ctrl+A), set the unit scale to 0.001 with millimetres as the length unit, and export STL or 3MF. Open the file in your slicer and check the dimensions before you press print.`,
  },
  {
    title: 'Clean quad topology for subdivision surfaces',
    software: 'Blender',
    body: `Subdivision rewards good topology and punishes bad topology. Aim for an all-quad mesh with evenly spaced edge loops that follow the form of the object.

Hold hard edges with support loops. Place two loops close to each sharp edge instead of relying on creases; the closer the loops, the tighter the corner after subdivision.

Keep poles (vertices with three or five edges) on flat areas, away from curved surfaces and silhouettes, where they cause pinching. Triangles and n-gons are fine on flat, hidden faces, but never where the surface bends or deforms.

Check your work with a matcap and the subdivision modifier at level 2. Wobbly reflections show uneven spacing; fix it with the Relax and Smooth Vertices tools before you move on to UVs.`,
  },
  {
    title: 'UV unwrapping without stretching',
    software: 'Blender',
    body: `Good UVs make texturing easy and keep detail where it matters. Start by marking seams where they are least visible: under the model, along hard edges and on the inside of parts.

Unwrap with the Angle Based method and apply a checker texture. Squares that turn into rectangles or diamonds show stretching; add seams or relax the islands until the checker looks even.

Keep texel density consistent. Use the same number of pixels per metre on every island so no part looks blurrier than the rest; enlarge only the parts the camera sees up close.

Leave padding between islands: about 8 pixels at 2K and 16 at 4K, so mipmaps do not bleed colours from one island into the next. Straighten islands of straight parts, it packs tighter and avoids jagged texture lines.`,
  },
  {
    title: 'Baking normal maps from high poly to low poly',
    software: 'Substance Painter',
    body: `A normal map lets a light model look as detailed as the sculpt. Name your meshes in pairs (door_low, door_high) and bake "by mesh name" so parts do not project onto their neighbours.

Split the UVs wherever the low-poly mesh has a hard edge, and only there. Matching hard edges with UV seams avoids the dark gradients that appear on flat faces.

Use a cage or a small max frontal distance. Rays that travel too far pick up the wrong surface and leave wavy artefacts; too short and you get holes in the bake.

Bake at twice the final resolution with 16-bit output, then downscale. Check the result under a moving light: seams, skewed details and inverted green channels are much easier to spot when the light moves.`,
  },
  {
    title: 'Hollowing resin prints and placing drain holes',
    software: 'Lychee Slicer',
    body: `Solid resin prints use a lot of resin and crack as they cure. Hollow large models with a wall of 2 to 3 mm: thinner walls warp, thicker walls save little.

Every hollow part needs at least two drain holes of 3 mm or more: one to let resin out and one to let air in. Put them close to the build plate and on surfaces that will be hidden later.

Tilt the model 30 to 45 degrees. Large flat layers create strong suction forces on the release film; a tilted model peels off gradually and needs fewer supports.

Wash the inside too. Flush the cavity with fresh alcohol through the holes, let it dry completely, then cure. Trapped liquid resin can crack a model weeks after printing.`,
  },
  {
    title: 'Exporting game-ready assets to glTF',
    software: 'Blender',
    body: `glTF is the most reliable format for real-time engines and the web. Before exporting, apply all transforms so the object has rotation 0 and scale 1; engines read unapplied transforms differently.

Use metallic-roughness PBR materials built from a Principled BSDF with image textures plugged in directly. Procedural nodes do not export, so bake them to images first.

Keep textures at power-of-two sizes (1024, 2048) and pack ambient occlusion, roughness and metalness into one image (R, G, B) to save memory.

Export GLB for a single self-contained file, with +Y up, and check it in a web viewer. If the model looks too dark or too shiny, the base colour texture is probably set to non-colour data.`,
  },
  {
    title: 'Splitting large prints into parts that fit together',
    software: 'Fusion 360',
    body: `When a model is bigger than the build volume, cut it where the seam is easy to hide: along existing edges, under overhangs or at changes of colour.

Add alignment keys. Cylindrical pins with 0.2 mm clearance per side let parts slide together; keyed shapes such as a square or a D profile also prevent rotation.

Orient every part so its cut face lies on the build plate. You get a perfectly flat mating surface and fewer supports.

Test the fit before printing everything: print just the joint area of two parts, adjust the clearance for your printer, then print the full set.`,
  },
  {
    title: 'Setting up PBR materials that look right everywhere',
    software: 'Substance Painter',
    body: `Physically based materials only look consistent across renderers when the values are plausible. Keep base colour between about 30 and 240 in sRGB: nothing in nature is pure black or pure white.

Metalness is almost always 0 or 1. Values in between are for transitions such as dirt on metal, not for whole surfaces.

Put the detail in roughness. Fingerprints, scratches and wear in the roughness map make a surface believable far more than extra colour noise.

Check your materials under several HDR environments before you export. A material that only looks good under one light is tuned to that light, not physically based.`,
  },
  {
    title: 'From a ZBrush sculpt to a printable, sellable file',
    software: 'ZBrush',
    body: `A raw sculpt often has tens of millions of polygons: too heavy for slicers and for buyers to download. Finish the sculpt on a copy, and keep the original subtool history.

Merge the parts that touch into one watertight shell with DynaMesh or Live Boolean, so the slicer sees a closed volume instead of intersecting pieces.

Reduce the polygon count with Decimation Master. Pre-process the mesh once, then decimate to about 1 to 2 million triangles: the print looks the same, and the STL shrinks from gigabytes to tens of megabytes.

Scale to real size before exporting. ZBrush units are arbitrary; use the Scale Master plug-in or the 3D Print Hub to set the height in millimetres, then export STL and check it in a slicer.`,
  },
  {
    title: 'Tolerances for parts that fit together',
    software: 'Tinkercad',
    body: `Printed parts come out slightly bigger than the model on the outside and smaller on the inside, so two parts drawn at exactly the same size will not fit.

Leave a gap between moving or mating parts: 0.2 mm per side for a sliding fit, 0.1 mm for a press fit and 0.4 mm for parts that must move freely, such as hinges printed in place.

In Tinkercad, make the hole slightly bigger than the peg: for a 5 mm peg, a 5.4 mm hole. Group the hole with the part to cut it, then export STL.

Print a small test piece with several gaps (0.1, 0.2, 0.3 and 0.4 mm) before the full model: every printer and filament behaves a little differently.`,
  },
];

/** SQL text literal of an array of strings (the phrase banks are constants of this file). */
function textArray(values: readonly string[]): string {
  return `ARRAY[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ')}]::text[]`;
}

/** A deterministic pseudo-random non-negative number from a seed expression and a salt. */
const mix = (seed: string, salt: number) => `abs(hashint8((${seed}) * 16 + ${salt})::bigint)`;

/**
 * Reviews between seeded designers (every designer with models receives 3–6, and each gives a few),
 * about 85% positive, 4–5 stars when positive and 1–3 when negative, with bodies composed from the
 * phrase banks; and 2–3 tutorials for the featured designer and the four most viewed other designers.
 */
export async function insertDesignerReviewsAndTutorials(handle: SqlSession): Promise<void> {
  const clock = seedClock.toISOString();
  // Each subject's k-th reviewer is the designer k·(…) places further in user-id order, never itself.
  await handle.exec(`
    WITH d AS (
      SELECT user_id::bigint AS user_id, row_number() OVER (ORDER BY user_id) - 1 AS rn, count(*) OVER () AS n
      FROM designer_profiles
    ),
    subjects AS (
      SELECT d.* FROM d
      WHERE d.n > 1 AND EXISTS (SELECT 1 FROM models m WHERE m.designer_id = d.user_id)
    ),
    pairs AS (
      SELECT DISTINCT ON (s.user_id, a.user_id) s.user_id AS subject_id, a.user_id AS author_id,
             s.user_id * 8 + k AS seed
      FROM subjects s
      CROSS JOIN generate_series(1, 6) AS k
      JOIN d a ON a.rn = (s.rn + (k * 7919 + k * k * 131) % (s.n - 1) + 1) % s.n
      WHERE k <= 3 + ${mix('s.user_id', 0)} % 4
      ORDER BY s.user_id, a.user_id, k
    ),
    verdicts AS (
      SELECT p.*, ${mix('p.seed', 1)} % 100 < 85 AS positive FROM pairs p
    ),
    rated AS (
      SELECT v.*,
        CASE WHEN v.positive THEN CASE WHEN ${mix('v.seed', 2)} % 100 < 62 THEN 5 ELSE 4 END
             ELSE CASE WHEN ${mix('v.seed', 2)} % 100 < 40 THEN 1 WHEN ${mix('v.seed', 2)} % 100 < 80 THEN 2 ELSE 3 END
        END AS rating
      FROM verdicts v
    ),
    banks AS (
      SELECT r.*,
        CASE r.rating ${openers.map((bank, i) => `WHEN ${i + 1} THEN ${textArray(bank)}`).join(' ')} END AS openers,
        CASE WHEN r.positive THEN ${textArray(positiveDetails)} ELSE ${textArray(negativeDetails)} END AS details,
        CASE WHEN r.positive THEN ${textArray(positiveClosers)} ELSE ${textArray(negativeClosers)} END AS closers
      FROM rated r
    ),
    picked AS (
      SELECT b.*, ${mix('b.seed', 3)} % cardinality(b.details) AS first_detail FROM banks b
    )
    INSERT INTO designer_reviews (author_id, subject_id, positive, rating, body, created_at)
    SELECT author_id, subject_id, positive, rating,
      openers[1 + ${mix('seed', 4)} % cardinality(openers)] || ' ' ||
        details[1 + first_detail] || ' ' ||
        details[1 + (first_detail + 1 + ${mix('seed', 5)} % (cardinality(details) - 1)) % cardinality(details)] || ' ' ||
        closers[1 + ${mix('seed', 6)} % cardinality(closers)],
      '${clock}'::timestamptz - make_interval(mins => (${mix('seed', 7)} % (540 * 1440))::int)
    FROM picked
    ORDER BY subject_id, author_id;`);

  const values = tutorials
    .map(
      (t, i) =>
        `(${i}, '${t.title.replaceAll("'", "''")}', '${t.software.replaceAll("'", "''")}', '${t.body.replaceAll("'", "''")}')`,
    )
    .join(',\n');
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
    bank (i, title, software, body) AS (VALUES ${values}),
    -- Tutorials about the designer's own software first, then the bank in turn from the designer's rank.
    picks AS (
      SELECT a.user_id, a.rank, b.*, row_number() OVER (
        PARTITION BY a.user_id
        ORDER BY (b.software = ANY (p.software)) DESC, (b.i + ${tutorials.length} - a.rank * 3 % ${tutorials.length}) % ${tutorials.length}
      ) - 1 AS j
      FROM authors a
      JOIN designer_profiles p ON p.user_id = a.user_id
      CROSS JOIN bank b
    )
    INSERT INTO designer_tutorials (designer_id, title, body, software, created_at)
    SELECT user_id, title, body, software,
      '${clock}'::timestamptz - make_interval(days => (rank * 11 + j * 37 + 3)::int)
    FROM picks
    WHERE j < CASE WHEN rank = 0 THEN 3 ELSE 2 END
    ORDER BY rank, j;`);
}
