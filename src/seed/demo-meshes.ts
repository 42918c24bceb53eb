/**
 * Models of the demo catalogue that come with a real mesh file (data/meshes, see data/SOURCES.md): the
 * seed gives each its own title, category and unit, stores the file, and queues its analysis — the
 * job fills in the figures, renders the picture and prepares the 3D view.
 */
import fs from 'node:fs';
import path from 'node:path';

import { writeFile } from '@/server/files/store';
import { enqueueMeshAnalysis } from '@/server/jobs/kinds';
import { slugify } from '@/lib/slug';

import type { SqlSession } from '@/server/db/client';
import type { GeneratedModel } from '@/seed/generator';

interface DemoMesh {
  file: string;
  title: string;
  treePath: string;
  /** The unit the "seller" declares for the file's numbers. */
  unit: 'mm' | 'cm' | 'in' | 'm';
  tags: string[];
  description: string;
}

export const demoMeshes: readonly DemoMesh[] = [
  {
    file: '20mm-xyz-cube.stl',
    title: '20 mm XYZ calibration cube',
    treePath: 'print/hobby-diy/3d-printing',
    unit: 'mm',
    tags: ['calibration', 'cube', 'test print', 'xyz'],
    description:
      'The classic calibration print: a 20 mm cube with embossed X, Y and Z letters. Measure each side after printing to tune steps per millimetre, and check the letters for ringing and overhang quality.',
  },
  {
    file: '7_8ths_cube.stl',
    title: 'Seven-eighths cube',
    treePath: 'print/learning/math',
    unit: 'mm',
    tags: ['cube', 'geometry', 'math', 'octant'],
    description:
      'A 40 mm cube with one 20 mm octant cut away — a desk object for explaining volume: 7/8 of 64,000 mm³ is 56,000 mm³.',
  },
  {
    file: 'angle_block.STL',
    title: 'Machinist’s angle block',
    treePath: 'print/tools/parts',
    unit: 'in',
    tags: ['angle', 'block', 'workshop', 'jig'],
    description:
      'A small angle block for setting up work on the drill press or checking chamfers. Modelled in inches; print solid for stiffness.',
  },
  {
    file: 'cylinder.stl',
    title: 'Round spacer rod, 20 × 80 mm',
    treePath: 'print/tools/parts',
    unit: 'cm',
    tags: ['spacer', 'rod', 'cylinder', 'hardware'],
    description:
      'A plain 20 mm round spacer, 80 mm long. Print upright with four perimeters, or scale the length in your slicer.',
  },
  {
    file: 'torus.STL',
    title: 'Torus ring, 30 mm',
    treePath: 'print/art/math-art',
    unit: 'cm',
    tags: ['torus', 'ring', 'math art', 'geometry'],
    description:
      'A smooth torus, 30 mm across and 10 mm thick: a test of curved surfaces and a fidget ring. Prints without supports lying flat.',
  },
  {
    file: 'unit_sphere.STL',
    title: 'Sphere, 20 mm',
    treePath: 'print/learning/math',
    unit: 'cm',
    tags: ['sphere', 'ball', 'geometry', 'marble'],
    description:
      'A 20 mm sphere (an icosphere of 1,280 faces) for marble runs, beads and teaching. Needs a small support or a brim.',
  },
  {
    file: 'teapot.stl',
    title: 'Utah teapot (open shell)',
    treePath: 'print/home-office/kitchen-dining',
    unit: 'mm',
    tags: ['teapot', 'utah teapot', 'classic', 'computer graphics'],
    description:
      'The Utah teapot, the classic computer-graphics test object, as a surface without a bottom: the geometry check shows it is open, so close it before printing.',
  },
  {
    file: 'box.obj',
    title: 'Cube, 20 mm (OBJ)',
    treePath: 'print/learning/math',
    unit: 'cm',
    tags: ['cube', 'obj', 'geometry', 'primitive'],
    description:
      'A plain 20 mm cube supplied as a Wavefront OBJ file — the simplest possible watertight solid.',
  },
];

const meshDir = path.join(process.cwd(), 'src/seed/data/meshes');

/** The first generated id that becomes a demo-mesh model (the last ids of the catalogue). */
export function firstDemoMeshId(models: number): number {
  return models >= demoMeshes.length * 10 ? models - demoMeshes.length + 1 : Infinity;
}

/** Gives the generated model of id `id` its demo mesh's words, when it is one of them. */
export function withDemoMesh(model: GeneratedModel, models: number): GeneratedModel {
  const k = model.id - firstDemoMeshId(models);
  const mesh = demoMeshes[k];
  if (!mesh) return model;
  const format = path.extname(mesh.file).slice(1).toLowerCase();
  return {
    ...model,
    slug: `${slugify(mesh.title, 70)}-${model.id}`,
    title: mesh.title,
    description: mesh.description,
    treePath: mesh.treePath,
    tags: mesh.tags,
    formats: [...new Set([format, 'stl'])],
    features: [],
    // Files to buy and download in the demo: a fixed price from $9, credits accepted, no sale.
    priceCents: 900 + 300 * k,
    saleDiscountCents: 0,
    saleEndsAt: null,
    walletEligible: true,
    // Filled in from the file by its analysis.
    polyCount: null,
    vertexCount: null,
  };
}

/** Stores the demo meshes as their models' files and queues their analysis. */
export async function attachDemoMeshes(
  handle: SqlSession,
  models: number,
  filesRoot: string | undefined,
): Promise<number> {
  const first = firstDemoMeshId(models);
  if (!Number.isFinite(first)) return 0;
  for (const [k, mesh] of demoMeshes.entries()) {
    const modelId = first + k;
    const data = fs.readFileSync(path.join(meshDir, mesh.file));
    const storageKey = `models/m${modelId}/${mesh.file.toLowerCase()}`;
    await writeFile(storageKey, data, filesRoot);
    const [row] = await handle.query<{ id: number }>(
      `INSERT INTO model_files (model_id, file_name, format, size_bytes, storage_key, unit)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [
        modelId,
        mesh.file,
        path.extname(mesh.file).slice(1).toLowerCase(),
        data.length,
        storageKey,
        mesh.unit,
      ],
    );
    await enqueueMeshAnalysis(handle, row!.id);
  }
  return demoMeshes.length;
}
