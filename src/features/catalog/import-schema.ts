/**
 * One line of a catalogue import file (JSON Lines): the schema the README documents. Prices are US
 * dollars with at most two decimals, converted exactly to integer cents.
 */
import { z } from 'zod';

import { meshFormatOf } from '@/features/geometry/api';
import { licenceTypes } from './model-attributes';

/** '19.99' or 19.99 → 1999, exactly (no binary floating-point drift). */
export function dollarsToCents(value: string | number): number | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

const money = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const cents = dollarsToCents(value);
  if (cents === null) {
    ctx.addIssue({
      code: 'custom',
      message: 'must be an amount in dollars ≥ 0 with at most 2 decimals, e.g. 19.99',
    });
    return z.NEVER;
  }
  return cents;
});

export const importLineSchema = z
  .object({
    externalId: z.string().trim().min(1).max(200),
    title: z.string().trim().min(1).max(200),
    description: z.string().max(5000).default(''),
    tags: z.array(z.string().trim().toLowerCase().min(1).max(50)).max(30).default([]),
    category: z
      .string()
      .regex(/^(models|print)(\/[a-z0-9-]+){1,2}$/, "must be a category path such as 'print/art/sculptures'"),
    price: money,
    discount: money.default(0),
    licence: z.enum(licenceTypes),
    formats: z
      .array(
        z
          .string()
          .trim()
          .toLowerCase()
          .regex(/^[a-z0-9]{1,12}$/),
      )
      .min(1)
      .max(20),
    designer: z.string().regex(/^[A-Za-z0-9_.-]{2,40}$/, 'must be 2–40 letters, digits, _ . or -'),
    image: z.string().max(1000).optional(),
    /** A mesh file (STL, OBJ, glTF/GLB, 3MF) beside the import file: stored and analysed in the background. */
    mesh: z
      .string()
      .max(1000)
      .refine((name) => meshFormatOf(name) !== null, 'must be an .stl, .obj, .glb, .gltf or .3mf file')
      .optional(),
    /** The unit the mesh's numbers are in. */
    unit: z.enum(['mm', 'cm', 'in', 'm']).default('mm'),
  })
  .strict()
  .refine((line) => line.discount <= line.price, {
    message: 'must not exceed the price',
    path: ['discount'],
  });

export type ImportLine = z.infer<typeof importLineSchema>;
export type LengthUnit = ImportLine['unit'];

/** A line's first problem as 'field: reason'. */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid line';
  const field = issue.path.join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}
