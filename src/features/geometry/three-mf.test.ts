import { crc32, deflateRawSync } from 'node:zlib';

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { analyzeMesh } from './analyze';
import { GeometryError } from './mesh';
import { meshFileExtensions, parseMeshFile } from './parse';
import { parseThreeMf } from './three-mf';

interface Part {
  name: string;
  data: Uint8Array | string;
  /** Store instead of deflating. */
  stored?: boolean;
  /** Compressed bytes written as they are, with this declared uncompressed size. */
  raw?: { bytes: Uint8Array; declared: number };
}

/** A minimal ZIP writer (local headers with sizes, central directory, end record). */
function writeZip(parts: Part[]): Uint8Array {
  const chunks: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  const push = (list: Uint8Array[], bytes: Uint8Array) => {
    list.push(bytes);
    if (list === chunks) offset += bytes.length;
  };
  const header = (size: number, fields: [number, number, number][]) => {
    const view = new DataView(new ArrayBuffer(size));
    for (const [at, bytes, value] of fields)
      if (bytes === 2) view.setUint16(at, value, true);
      else view.setUint32(at, value, true);
    return new Uint8Array(view.buffer);
  };
  for (const part of parts) {
    const data = typeof part.data === 'string' ? new TextEncoder().encode(part.data) : part.data;
    const method = part.stored ? 0 : 8;
    const payload = part.raw?.bytes ?? (part.stored ? data : deflateRawSync(data));
    const size = part.raw?.declared ?? data.length;
    const name = new TextEncoder().encode(part.name);
    const crc = crc32(data);
    const at = offset;
    push(
      chunks,
      header(30, [
        [0, 4, 0x04034b50],
        [4, 2, 20],
        [8, 2, method],
        [14, 4, crc],
        [18, 4, payload.length],
        [22, 4, size],
        [26, 2, name.length],
      ]),
    );
    push(chunks, name);
    push(chunks, payload);
    push(
      central,
      header(46, [
        [0, 4, 0x02014b50],
        [4, 2, 20],
        [6, 2, 20],
        [10, 2, method],
        [16, 4, crc],
        [20, 4, payload.length],
        [24, 4, size],
        [28, 2, name.length],
        [42, 4, at],
      ]),
    );
    push(central, name);
  }
  const directoryAt = offset;
  for (const bytes of central) push(chunks, bytes);
  push(
    chunks,
    header(22, [
      [0, 4, 0x06054b50],
      [8, 2, parts.length],
      [10, 2, parts.length],
      [12, 4, offset - directoryAt],
      [16, 4, directoryAt],
    ]),
  );
  const out = new Uint8Array(offset);
  let at = 0;
  for (const bytes of chunks) {
    out.set(bytes, at);
    at += bytes.length;
  }
  return out;
}

const rels = (target = '/3D/3dmodel.model') =>
  `<?xml version="1.0" encoding="UTF-8"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
  <Relationship Target="${target}" Id="rel0" Type="http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"/>
</Relationships>`;

const contentTypes = `<?xml version="1.0" encoding="UTF-8"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
  <Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
  <Default Extension="model" ContentType="application/vnd.ms-package.3dmanufacturing-3dmodel+xml"/>
</Types>`;

/** A cube of side `size` from the origin, as a 3MF `<mesh>` (outward triangles). */
function cubeMesh(size = 10, prefix = ''): string {
  const p = prefix;
  const corners = [0, 1, 2, 3, 4, 5, 6, 7].map((i) =>
    [i & 1, (i >> 1) & 1, (i >> 2) & 1].map((v) => v * size),
  );
  const faces = [
    [0, 2, 3, 1],
    [4, 5, 7, 6],
    [0, 1, 5, 4],
    [2, 6, 7, 3],
    [0, 4, 6, 2],
    [1, 3, 7, 5],
  ];
  const vertices = corners.map(([x, y, z]) => `<${p}vertex x="${x}" y="${y}" z="${z}"/>`).join('');
  const triangles = faces
    .flatMap(([a, b, c, d]) => [
      `<${p}triangle v1="${a}" v2="${b}" v3="${c}"/>`,
      `<${p}triangle v1="${a}" v2="${c}" v3="${d}"/>`,
    ])
    .join('\n');
  return `<${p}mesh><${p}vertices>${vertices}</${p}vertices>\n<${p}triangles>${triangles}</${p}triangles></${p}mesh>`;
}

const model = (body: string, unit = 'millimeter', extra = '') =>
  `<?xml version="1.0" encoding="UTF-8"?>
<model unit="${unit}" xml:lang="en-US" xmlns="http://schemas.microsoft.com/3dmanufacturing/core/2015/02"${extra}>
  <metadata name="Title">A &amp; B</metadata>
  <!-- written by the test -->
  ${body}
</model>`;

const cubeModel = (transform?: string, unit?: string) =>
  model(
    `<resources><object id="1" type="model">${cubeMesh()}</object></resources>
  <build><item objectid="1"${transform ? ` transform="${transform}"` : ''}/></build>`,
    unit,
  );

const package3mf = (modelXml: string, more: Part[] = []) =>
  writeZip([
    { name: '[Content_Types].xml', data: contentTypes },
    { name: '_rels/.rels', data: rels() },
    { name: '3D/3dmodel.model', data: modelXml },
    ...more,
  ]);

const errorOf = (bytes: Uint8Array) => {
  try {
    parseThreeMf(bytes);
  } catch (error) {
    return error instanceof GeometryError ? `${error.code}: ${error.message}` : error;
  }
  return null;
};

const rounded = (values: readonly number[]) => values.map((v) => Number(v.toFixed(6)));

describe('3MF parser', () => {
  it('reads a cube and applies the build item transform (scale, then translation)', () => {
    const plain = parseThreeMf(package3mf(cubeModel()));
    expect(plain.unit).toBe('mm');
    const figures = analyzeMesh(plain.mesh, plain.unit);
    expect(figures).toMatchObject({ triangles: 12, vertices: 8, watertight: true, inconsistentEdges: 0 });
    expect(figures.volumeMm3).toBeCloseTo(1000, 6);
    const moved = parseThreeMf(package3mf(cubeModel('2 0 0 0 2 0 0 0 2 5 6 7')));
    const bbox = analyzeMesh(moved.mesh).boundingBox;
    expect(rounded(bbox.min)).toEqual([5, 6, 7]);
    expect(rounded(bbox.max)).toEqual([25, 26, 27]);
    expect(analyzeMesh(moved.mesh).volumeMm3).toBeCloseTo(8000, 4);
    // A rotation of 90° about z (row vectors: x' = -y, y' = x).
    const turned = analyzeMesh(parseThreeMf(package3mf(cubeModel('0 1 0 -1 0 0 0 0 1 0 0 0'))).mesh);
    expect(rounded(turned.boundingBox.min)).toEqual([-10, 0, 0]);
    // A mirror keeps the faces pointing outwards.
    const mirrored = analyzeMesh(parseThreeMf(package3mf(cubeModel('-1 0 0 0 1 0 0 0 1 0 0 0'))).mesh);
    expect(mirrored).toMatchObject({ watertight: true, inconsistentEdges: 0 });
    expect(rounded(mirrored.boundingBox.min)).toEqual([-10, 0, 0]);
  });

  it('composes a component tree down to the build, and skips support objects', () => {
    const xml = model(`<resources>
    <object id="1">${cubeMesh()}</object>
    <object id="9" type="support">${cubeMesh(50)}</object>
    <object id="2"><components>
      <component objectid="1"/>
      <component objectid="1" transform="1 0 0 0 1 0 0 0 1 20 0 0"/>
      <component objectid="9"/>
    </components></object>
    <object id="3"><components><component objectid="2" transform="0.5 0 0 0 0.5 0 0 0 0.5 0 0 100"/></components></object>
  </resources>
  <build><item objectid="3" transform="1 0 0 0 1 0 0 0 1 0 -5 0"/><item objectid="1" transform="1 0 0 0 1 0 0 0 1 -50 0 0"/></build>`);
    const figures = analyzeMesh(parseThreeMf(package3mf(xml)).mesh);
    expect(figures).toMatchObject({ triangles: 36, components: 3, watertight: true });
    expect(rounded(figures.boundingBox.min)).toEqual([-50, -5, 0]);
    expect(rounded(figures.boundingBox.max)).toEqual([15, 10, 105]);
    expect(figures.volumeMm3).toBeCloseTo(1000 + 2 * 125, 4);
  });

  it('maps the unit: inch, centimeter and meter kept, micron into mm, foot into inches', () => {
    const read = (unit: string) => {
      const { mesh, unit: declared } = parseThreeMf(package3mf(cubeModel(undefined, unit)));
      return { unit: declared, size: analyzeMesh(mesh, declared).boundingBox.size[0] };
    };
    expect(read('inch')).toEqual({ unit: 'in', size: expect.closeTo(254, 9) });
    expect(read('centimeter')).toEqual({ unit: 'cm', size: expect.closeTo(100, 9) });
    expect(read('meter')).toEqual({ unit: 'm', size: expect.closeTo(10_000, 9) });
    expect(read('micron')).toEqual({ unit: 'mm', size: expect.closeTo(0.01, 9) });
    expect(read('foot')).toEqual({ unit: 'in', size: expect.closeTo(120 * 25.4, 6) });
    expect(errorOf(package3mf(cubeModel(undefined, 'furlong')))).toBe(
      'malformed: 3MF: 3D/3dmodel.model: unit "furlong" is not micron, millimeter, centimeter, inch, foot or meter',
    );
  });

  it('follows _rels/.rels, tolerates prefixes, and reads p:path parts of the production extension', () => {
    const prefixed = `<?xml version="1.0"?><m:model xmlns:m="http://schemas.microsoft.com/3dmanufacturing/core/2015/02" unit="centimeter">
      <m:resources><m:object id="7">${cubeMesh(2, 'm:')}</m:object></m:resources><m:build><m:item objectid="7"/></m:build></m:model>`;
    const bytes = writeZip([
      { name: '_rels/.rels', data: rels('/3D/Main%20Model.model') },
      { name: '3D/Main Model.model', data: prefixed, stored: true },
    ]);
    const read = parseThreeMf(bytes);
    expect(read.unit).toBe('cm');
    expect(analyzeMesh(read.mesh, read.unit).volumeMm3).toBeCloseTo(8000, 4);
    // No _rels/.rels: the usual 3D/3dmodel.model.
    expect(
      analyzeMesh(parseThreeMf(writeZip([{ name: '3D/3dmodel.model', data: cubeModel() }])).mesh).triangles,
    ).toBe(12);

    const production = ` xmlns:p="http://schemas.microsoft.com/3dmanufacturing/production/2015/06"`;
    const root = model(
      `<resources><object id="5"><components>
        <component p:path="/3D/Objects/part.model" objectid="1" transform="1 0 0 0 1 0 0 0 1 0 0 10"/>
      </components></object></resources>
      <build><item objectid="5"/><item p:path="/3D/Objects/part.model" objectid="1"/></build>`,
      'millimeter',
      production,
    );
    // The part is in centimetres: its cube of 10 cm is 100 mm in the root's unit.
    const part = model(`<resources><object id="1">${cubeMesh()}</object></resources><build/>`, 'centimeter');
    const figures = analyzeMesh(
      parseThreeMf(package3mf(root, [{ name: '3D/Objects/part.model', data: part }])).mesh,
    );
    expect(figures.triangles).toBe(24);
    expect(rounded(figures.boundingBox.max)).toEqual([100, 100, 110]);
    expect(errorOf(package3mf(root))).toBe(
      'malformed: 3MF: the model part 3D/Objects/part.model is missing from the package',
    );
  });

  it('names the problem of a bad package or model', () => {
    const good = package3mf(cubeModel());
    expect(errorOf(new Uint8Array())).toBe('empty: 3MF: the file is empty');
    expect(errorOf(good.subarray(0, good.length - 30))).toBe(
      'truncated: ZIP: the archive is cut short (its central directory is missing)',
    );
    expect(errorOf(writeZip([{ name: 'Metadata/thumbnail.png', data: 'png' }]))).toBe(
      'malformed: 3MF: the package has no model part (neither _rels/.rels nor 3D/3dmodel.model names one)',
    );
    expect(errorOf(package3mf(cubeModel().replace('v3="3"', 'v3="8"')))).toBe(
      'malformed: 3MF: 3D/3dmodel.model object 1: triangle 1 v3="8" is not one of its 8 vertices',
    );
    expect(errorOf(package3mf(cubeModel().replace('x="10"', 'x="NaN"')))).toMatch(
      /^not_finite: 3MF: 3D\/3dmodel.model object 1: vertex x="NaN" is not a finite number/,
    );
    expect(errorOf(package3mf(cubeModel().replace('x="10"', 'x="ten"')))).toMatch(
      /^malformed: .*vertex x="ten" is not a number/,
    );
    expect(errorOf(package3mf(cubeModel('1 0 0 0 1 0 0 0 1 0 0')))).toMatch(/is not 12 numbers$/);
    expect(errorOf(package3mf(cubeModel().replace('<build><item objectid="1"/></build>', '<build/>')))).toBe(
      'empty: 3MF: the build has no items',
    );
    expect(errorOf(package3mf(cubeModel().replace('<item objectid="1"', '<item objectid="4"')))).toBe(
      'malformed: 3MF: a build item refers to object 4, which 3D/3dmodel.model does not define',
    );
    expect(errorOf(package3mf(cubeModel().replace('</vertices>', '</vertex>')))).toBe(
      'malformed: 3MF: 3D/3dmodel.model: </vertex> closes <vertices>',
    );
    expect(errorOf(package3mf(cubeModel().slice(0, 500)))).toMatch(/^truncated: 3MF: 3D\/3dmodel.model ends/);
    expect(errorOf(package3mf('<!DOCTYPE lolz [<!ENTITY lol "lol">]>' + cubeModel()))).toMatch(/DOCTYPE/);
    const cycle = model(`<resources>
      <object id="1"><components><component objectid="2"/></components></object>
      <object id="2"><components><component objectid="1"/></components></object>
    </resources><build><item objectid="1"/></build>`);
    expect(errorOf(package3mf(cycle))).toBe(
      'malformed: 3MF: object 1 contains itself (a cycle of components)',
    );
    // A small file that instantiates a big object many times is refused before any work.
    const many = model(`<resources><object id="1">${cubeMesh()}</object>
      ${Array.from({ length: 30 }, (_, i) => `<object id="${i + 2}"><components><component objectid="${i + 1}"/><component objectid="${i + 1}"/></components></object>`).join('\n')}
    </resources><build><item objectid="31"/></build>`);
    expect(errorOf(package3mf(many))).toBe('too_large: 3MF: the build holds more than 50,000,000 triangles');
    const deep = model(`<resources><object id="1">${cubeMesh()}</object>
      ${Array.from({ length: 40 }, (_, i) => `<object id="${i + 2}"><components><component objectid="${i + 1}"/></components></object>`).join('\n')}
    </resources><build><item objectid="41"/></build>`);
    expect(errorOf(package3mf(deep))).toBe('malformed: 3MF: components nest more than 32 deep');
  });

  it('stops a zip bomb: a model part of several gigabytes', () => {
    // A real, highly repetitive stream (1 MB of zeros deflated) declared as 4 GB of model.
    const zeros = deflateRawSync(new Uint8Array(1 << 20));
    const bomb = writeZip([
      { name: '3D/3dmodel.model', data: '', raw: { bytes: zeros, declared: 0xfffffff0 } },
    ]);
    expect(bomb.length).toBeLessThan(2000);
    expect(errorOf(bomb)).toBe(
      'too_large: ZIP: the entries declare more than 536870912 bytes uncompressed (the limit; a zip bomb?)',
    );
    // Declared small, it still cannot expand past its declared size.
    const liar = writeZip([{ name: '3D/3dmodel.model', data: '', raw: { bytes: zeros, declared: 100 } }]);
    expect(errorOf(liar)).toBe(
      'too_large: ZIP: "3D/3dmodel.model" expands past its declared 100 bytes (a zip bomb?)',
    );
    // A tighter limit for the total is a parameter.
    expect(() => parseThreeMf(package3mf(cubeModel()), { maxTotalBytes: 1000 })).toThrow(
      /declare more than 1000/,
    );
  });

  const sample = model(`<resources>
    <object id="1">${cubeMesh()}</object>
    <object id="2"><components><component objectid="1" transform="1 0 0 0 1 0 0 0 1 20 0 0"/></components></object>
  </resources>
  <build><item objectid="2" transform="2 0 0 0 2 0 0 0 2 5 6 7"/><item objectid="1"/></build>`);
  const check = (bytes: Uint8Array) => {
    let mesh;
    try {
      mesh = parseThreeMf(bytes, { maxTriangles: 100_000 }).mesh;
    } catch (error) {
      expect(error).toBeInstanceOf(GeometryError);
      return;
    }
    const figures = analyzeMesh(mesh);
    expect(Number.isFinite(figures.volumeMm3) && Number.isFinite(figures.surfaceAreaMm2)).toBe(true);
  };
  const edits = fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 20 });
  const cut = fc.option(fc.nat(), { nil: undefined });

  it('never fails otherwise on a mutated package: a mesh with finite figures, or a GeometryError', () => {
    const sources = [
      package3mf(sample),
      writeZip([{ name: '3D/3dmodel.model', data: sample, stored: true }]),
    ];
    fc.assert(
      fc.property(fc.constantFrom(...sources), edits, cut, (source, changes, length) => {
        const bytes = source.slice(0, length === undefined ? undefined : length % (source.length + 1));
        for (const [at, value] of changes) if (bytes.length) bytes[at % bytes.length] = value;
        check(bytes);
      }),
      { numRuns: 300 },
    );
  });

  it('never fails otherwise on a mutated model part in a sound package', () => {
    const xml = new TextEncoder().encode(sample);
    const characters = fc.constantFrom(
      ...'<>/="\' -.:&;#0123456789eabcdefmx'.split('').map((c) => c.charCodeAt(0)),
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(), fc.oneof(characters, fc.integer({ min: 0, max: 255 }))), {
          maxLength: 12,
        }),
        cut,
        (changes, length) => {
          const bytes = xml.slice(0, length === undefined ? undefined : length % (xml.length + 1));
          for (const [at, value] of changes) if (bytes.length) bytes[at % bytes.length] = value;
          check(package3mf(new TextDecoder().decode(bytes)));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('parseMeshFile', () => {
  it('chooses the parser by extension and returns the unit only when the file declares one', () => {
    expect(meshFileExtensions).toEqual(['.stl', '.obj', '.glb', '.gltf', '.3mf']);
    const threeMf = parseMeshFile(package3mf(cubeModel(undefined, 'inch')), 'uploads/Part.3MF');
    expect(threeMf.unit).toBe('in');
    expect(analyzeMesh(threeMf.mesh).triangles).toBe(12);
    const obj = parseMeshFile(new TextEncoder().encode('v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n'), 'a.obj');
    expect(obj).toEqual({ mesh: { positions: Float32Array.of(0, 0, 0, 1, 0, 0, 0, 1, 0) } });
    expect(() => parseMeshFile(new Uint8Array(4), 'model.fbx')).toThrow(
      new GeometryError('malformed', '.fbx: not a mesh format that is read (.stl, .obj, .glb, .gltf, .3mf)'),
    );
    expect(() => parseMeshFile(new Uint8Array(4), 'README')).toThrow(
      /^a file without an extension: not a mesh format/,
    );
    expect(() => parseMeshFile(new Uint8Array(), 'x.gltf')).toThrow('glTF: the file is empty');
  });
});
