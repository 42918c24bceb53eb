/**
 * Demo reviews between designers (the profile's reviews tab). Deterministic, and set-based: a few
 * INSERT … SELECT statements whatever the size of the catalogue (about 100,000 reviews for the 20,000
 * designers of 2,000,000 models).
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

/** SQL text literal of an array of strings (the phrase banks are constants of this file). */
function textArray(values: readonly string[]): string {
  return `ARRAY[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ')}]::text[]`;
}

/** A deterministic pseudo-random non-negative number from a seed expression and a salt. */
const mix = (seed: string, salt: number) => `abs(hashint8((${seed}) * 16 + ${salt})::bigint)`;

/**
 * Reviews between seeded designers (every designer with models receives 3–6, and each gives a few),
 * about 85% positive, 4–5 stars when positive and 1–3 when negative, with bodies composed from the
 * phrase banks. The designers' tutorials are seeded by the tutorials feature (tutorials-seed.ts).
 */
export async function insertDesignerReviews(handle: SqlSession): Promise<void> {
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
}
