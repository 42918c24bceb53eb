/**
 * glTF 2.0: GLB (a binary container: a JSON chunk and a BIN chunk) and .gltf JSON whose buffers are
 * embedded as base64 `data:` URIs. A .gltf that refers to an external file (`scene.bin`) cannot be read
 * from a single upload and gets an error saying so.
 *
 * Every mesh primitive of every node of the default scene is read (all scenes when no default is named,
 * every root node when there are no scenes, every mesh once when there are no nodes), with the node
 * transforms (a `matrix` or translation/rotation/scale) composed down the hierarchy. Primitive modes
 * TRIANGLES, TRIANGLE_STRIP and TRIANGLE_FAN are read; points and lines have no surface and are skipped.
 * Positions may be FLOAT or integer (normalized or not: KHR_mesh_quantization), interleaved or not, and
 * sparse; indices u8, u16 or u32. A node whose transform mirrors (negative determinant) has its triangles'
 * winding reversed, as the glTF specification says, so that every face keeps pointing outwards.
 * Draco and meshopt compression are not supported. Every offset and length is checked against the data,
 * so a bad file is a `GeometryError`, never an exception of another kind.
 */
import { GeometryError, type TriangleMesh } from './mesh';

export interface GltfLimits {
  /** The most triangles the scene may hold, instances counted (default 50,000,000). */
  maxTriangles?: number;
}

const defaultMaxTriangles = 50_000_000;
const glbMagic = 0x46546c67; // "glTF"
const chunkJson = 0x4e4f534a; // "JSON"
const chunkBin = 0x004e4942; // "BIN\0"
const maxDatalessCount = 1 << 20;

const fail = (code: 'malformed' | 'truncated', message: string): never => {
  throw new GeometryError(code, `glTF: ${message}`);
};

type Json = Record<string, unknown>;

export function parseGltf(bytes: Uint8Array, limits: GltfLimits = {}): TriangleMesh {
  if (bytes.length === 0) throw new GeometryError('empty', 'glTF: the file is empty');
  const { json, bin } = isGlb(bytes) ? readGlb(bytes) : { json: readJson(bytes), bin: undefined };
  return new GltfReader(json, bin, limits.maxTriangles ?? defaultMaxTriangles).read();
}

function isGlb(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && view(bytes).getUint32(0, true) === glbMagic;
}

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

function readGlb(bytes: Uint8Array): { json: Json; bin: Uint8Array | undefined } {
  if (bytes.length < 12) fail('truncated', `${bytes.length} bytes is shorter than a GLB header`);
  const data = view(bytes);
  const version = data.getUint32(4, true);
  if (version !== 2) fail('malformed', `GLB version ${version} is not supported (only glTF 2.0)`);
  const length = data.getUint32(8, true);
  if (length > bytes.length)
    fail('truncated', `the GLB header announces ${length} bytes, the file has ${bytes.length}`);
  let json: Json | undefined;
  let bin: Uint8Array | undefined;
  for (let at = 12, index = 0; at < length; index++) {
    if (at + 8 > length) fail('truncated', `GLB chunk ${index} has no complete header`);
    const chunkLength = data.getUint32(at, true);
    const type = data.getUint32(at + 4, true);
    const start = at + 8;
    if (chunkLength > length - start)
      fail(
        'truncated',
        `GLB chunk ${index} announces ${chunkLength} bytes, ${length - start} bytes are left`,
      );
    const chunk = bytes.subarray(start, start + chunkLength);
    if (index === 0) {
      if (type !== chunkJson) fail('malformed', 'the first GLB chunk is not JSON');
      json = readJson(chunk);
    } else if (index === 1 && type === chunkBin) bin = chunk;
    at = start + chunkLength;
  }
  if (!json) return fail('truncated', 'the GLB file has no JSON chunk');
  return { json, bin };
}

function readJson(bytes: Uint8Array): Json {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return fail('malformed', 'the JSON is not valid (neither GLB nor glTF JSON)');
  }
  if (!isObject(value)) return fail('malformed', 'the JSON is not an object');
  return value;
}

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads `owner[key]` as an array of objects (missing: empty). */
function objects(owner: Json, key: string, where: string): Json[] {
  const value = owner[key];
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every(isObject))
    return fail('malformed', `${where} is not a list of objects`);
  return value;
}

/** Reads `owner[key]` as an integer in [min, max] (missing: `fallback`, or an error without one). */
function integer(
  owner: Json,
  key: string,
  where: string,
  min: number,
  max: number,
  fallback?: number,
): number {
  const value = owner[key] ?? fallback;
  if (value === undefined) return fail('malformed', `${where} has no ${key}`);
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    return fail('malformed', `${where} ${key} ${JSON.stringify(value)?.slice(0, 40)} is out of range`);
  return value;
}

function numbers(owner: Json, key: string, where: string, length: number): number[] | undefined {
  const value = owner[key];
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.length !== length || !value.every((v) => typeof v === 'number'))
    return fail('malformed', `${where} ${key} is not a list of ${length} numbers`);
  if (!value.every(Number.isFinite))
    throw new GeometryError('not_finite', `glTF: ${where} ${key} has a NaN or infinite number`);
  return value as number[];
}

const componentBytes: Record<number, number> = { 5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4 };
const typeComponents: Record<string, number> = {
  SCALAR: 1,
  VEC2: 2,
  VEC3: 3,
  VEC4: 4,
  MAT2: 4,
  MAT3: 9,
  MAT4: 16,
};
const unsupportedCompression: Record<string, string> = {
  KHR_draco_mesh_compression: 'Draco',
  EXT_meshopt_compression: 'meshopt',
};

/** A 4×4 matrix, column-major as glTF writes it. */
type Matrix = Float64Array;

const identity = (): Matrix => Float64Array.of(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1);

function multiply(a: Matrix, b: Matrix): Matrix {
  const out = new Float64Array(16);
  for (let column = 0; column < 4; column++)
    for (let row = 0; row < 4; row++) {
      let sum = 0;
      for (let k = 0; k < 4; k++) sum += a[k * 4 + row]! * b[column * 4 + k]!;
      out[column * 4 + row] = sum;
    }
  return out;
}

function determinant3(m: Matrix): number {
  return (
    m[0]! * (m[5]! * m[10]! - m[9]! * m[6]!) -
    m[4]! * (m[1]! * m[10]! - m[9]! * m[2]!) +
    m[8]! * (m[1]! * m[6]! - m[5]! * m[2]!)
  );
}

function fromTrs(t: number[] = [0, 0, 0], r: number[] = [0, 0, 0, 1], s: number[] = [1, 1, 1]): Matrix {
  const [x, y, z, w] = r as [number, number, number, number];
  const [sx, sy, sz] = s as [number, number, number];
  return Float64Array.of(
    (1 - 2 * (y * y + z * z)) * sx,
    2 * (x * y + z * w) * sx,
    2 * (x * z - y * w) * sx,
    0,
    2 * (x * y - z * w) * sy,
    (1 - 2 * (x * x + z * z)) * sy,
    2 * (y * z + x * w) * sy,
    0,
    2 * (x * z + y * w) * sz,
    2 * (y * z - x * w) * sz,
    (1 - 2 * (x * x + y * y)) * sz,
    0,
    t[0]!,
    t[1]!,
    t[2]!,
    1,
  );
}

interface Draw {
  mesh: number;
  matrix: Matrix;
}

interface Primitive {
  where: string;
  positions: Float32Array;
  /** Vertex indices, three per triangle, already expanded from strips and fans. */
  corners: Uint32Array;
}

class GltfReader {
  private readonly buffers: Json[];
  private readonly bufferViews: Json[];
  private readonly accessors: Json[];
  private readonly meshes: Json[];
  private readonly nodes: Json[];
  private readonly bufferData = new Map<number, Uint8Array>();
  private readonly primitives = new Map<number, Primitive[]>();

  constructor(
    private readonly json: Json,
    private readonly bin: Uint8Array | undefined,
    private readonly maxTriangles: number,
  ) {
    const asset = json.asset;
    if (isObject(asset) && typeof asset.version === 'string' && !asset.version.startsWith('2.'))
      fail('malformed', `glTF version ${asset.version.slice(0, 20)} is not supported (only 2.0)`);
    const required = json.extensionsRequired;
    if (Array.isArray(required))
      for (const name of required)
        if (typeof name === 'string' && name in unsupportedCompression)
          fail(
            'malformed',
            `the meshes are compressed with ${unsupportedCompression[name]} (${name}), which is not supported; export without mesh compression`,
          );
    this.buffers = objects(json, 'buffers', 'buffers');
    this.bufferViews = objects(json, 'bufferViews', 'bufferViews');
    this.accessors = objects(json, 'accessors', 'accessors');
    this.meshes = objects(json, 'meshes', 'meshes');
    this.nodes = objects(json, 'nodes', 'nodes');
  }

  read(): TriangleMesh {
    const draws = this.draws();
    let total = 0;
    for (const draw of draws)
      for (const primitive of this.meshPrimitives(draw.mesh)) {
        total += primitive.corners.length / 3;
        if (total > this.maxTriangles)
          throw new GeometryError(
            'too_large',
            `glTF: the scene holds more than ${this.maxTriangles.toLocaleString('en-US')} triangles`,
          );
      }
    if (total === 0) throw new GeometryError('empty', 'glTF: the scene has no triangles');
    const out = new Float32Array(total * 9);
    let at = 0;
    for (const { mesh, matrix: m } of draws) {
      const flip = determinant3(m) < 0;
      for (const { positions: p, corners, where } of this.meshPrimitives(mesh)) {
        const start = at;
        for (let c = 0; c < corners.length; c++) {
          // Mirrored: corners 1 and 2 of each triangle swap places.
          const corner = flip && c % 3 !== 0 ? corners[c % 3 === 1 ? c + 1 : c - 1]! : corners[c]!;
          const x = p[corner * 3]!;
          const y = p[corner * 3 + 1]!;
          const z = p[corner * 3 + 2]!;
          out[at++] = m[0]! * x + m[4]! * y + m[8]! * z + m[12]!;
          out[at++] = m[1]! * x + m[5]! * y + m[9]! * z + m[13]!;
          out[at++] = m[2]! * x + m[6]! * y + m[10]! * z + m[14]!;
        }
        for (let i = start; i < at; i++)
          if (!Number.isFinite(out[i]!))
            throw new GeometryError(
              'not_finite',
              `glTF: ${where} has a coordinate that the node transform makes infinite`,
            );
      }
    }
    return { positions: out };
  }

  /** Which mesh is drawn with which world matrix. */
  private draws(): Draw[] {
    const draws: Draw[] = [];
    if (this.nodes.length === 0) {
      this.meshes.forEach((_, mesh) => draws.push({ mesh, matrix: identity() }));
      return draws;
    }
    const roots = this.roots();
    const visited = new Uint8Array(this.nodes.length);
    const stack: { node: number; parent: Matrix }[] = [];
    for (let i = roots.length - 1; i >= 0; i--) stack.push({ node: roots[i]!, parent: identity() });
    while (stack.length) {
      const { node, parent } = stack.pop()!;
      if (visited[node]) fail('malformed', `node ${node} appears twice in the node hierarchy (a cycle?)`);
      visited[node] = 1;
      const where = `node ${node}`;
      const json = this.nodes[node]!;
      const matrix = multiply(parent, this.localMatrix(json, where));
      if (json.mesh !== undefined)
        draws.push({ mesh: integer(json, 'mesh', where, 0, this.meshes.length - 1), matrix });
      const children = json.children;
      if (children === undefined) continue;
      if (!Array.isArray(children)) fail('malformed', `${where} children is not a list`);
      const list = children as unknown[];
      for (let i = list.length - 1; i >= 0; i--)
        stack.push({
          node: integer({ child: list[i] }, 'child', where, 0, this.nodes.length - 1),
          parent: matrix,
        });
    }
    return draws;
  }

  private roots(): number[] {
    const nodeIndex = (value: unknown, where: string) =>
      integer({ node: value }, 'node', where, 0, this.nodes.length - 1);
    const sceneNodes = (scene: Json, where: string): number[] => {
      const list = scene.nodes ?? [];
      if (!Array.isArray(list)) return fail('malformed', `${where} nodes is not a list`);
      return list.map((node) => nodeIndex(node, where));
    };
    const scenes = objects(this.json, 'scenes', 'scenes');
    if (this.json.scene !== undefined) {
      const scene = integer(this.json, 'scene', 'the file', 0, scenes.length - 1);
      return sceneNodes(scenes[scene]!, `scene ${scene}`);
    }
    if (scenes.length) return [...new Set(scenes.flatMap((scene, i) => sceneNodes(scene, `scene ${i}`)))];
    // No scenes: every node that is nobody's child.
    const isChild = new Uint8Array(this.nodes.length);
    this.nodes.forEach((node, i) => {
      if (Array.isArray(node.children))
        for (const child of node.children) isChild[nodeIndex(child, `node ${i}`)] = 1;
    });
    return this.nodes.map((_, i) => i).filter((i) => !isChild[i]);
  }

  private localMatrix(node: Json, where: string): Matrix {
    const matrix = numbers(node, 'matrix', where, 16);
    if (matrix) return Float64Array.from(matrix);
    const t = numbers(node, 'translation', where, 3);
    const r = numbers(node, 'rotation', where, 4);
    const s = numbers(node, 'scale', where, 3);
    return fromTrs(t, r, s);
  }

  private meshPrimitives(mesh: number): Primitive[] {
    const cached = this.primitives.get(mesh);
    if (cached) return cached;
    const list: Primitive[] = [];
    const primitives = objects(this.meshes[mesh]!, 'primitives', `mesh ${mesh}`);
    primitives.forEach((primitive, p) => {
      const where = `mesh ${mesh} primitive ${p}`;
      const mode = integer(primitive, 'mode', where, 0, 6, 4);
      if (mode < 4) return; // points and lines
      const extensions = primitive.extensions;
      if (isObject(extensions))
        for (const name of Object.keys(unsupportedCompression))
          if (name in extensions && !isObject(primitive.attributes))
            fail(
              'malformed',
              `${where} is compressed with ${unsupportedCompression[name]} (${name}), which is not supported`,
            );
      const attributes = primitive.attributes;
      if (!isObject(attributes) || attributes.POSITION === undefined)
        fail('malformed', `${where} has no POSITION`);
      const positionAccessor = integer(attributes as Json, 'POSITION', where, 0, this.accessors.length - 1);
      const positions = this.positions(positionAccessor);
      const vertexCount = positions.length / 3;
      let indices: Uint32Array;
      if (primitive.indices === undefined) {
        indices = new Uint32Array(vertexCount);
        for (let i = 0; i < vertexCount; i++) indices[i] = i;
      } else {
        indices = this.indices(integer(primitive, 'indices', where, 0, this.accessors.length - 1));
        for (let i = 0; i < indices.length; i++)
          if (indices[i]! >= vertexCount)
            fail('malformed', `${where} index ${indices[i]} is past its ${vertexCount} vertices`);
      }
      list.push({ where, positions, corners: triangulate(indices, mode, where) });
    });
    this.primitives.set(mesh, list);
    return list;
  }

  private positions(accessor: number): Float32Array {
    const where = `accessor ${accessor}`;
    const json = this.accessors[accessor]!;
    if (json.type !== 'VEC3') fail('malformed', `${where} (POSITION) is not VEC3`);
    const positions = this.accessorValues(accessor, where, (n) => new Float32Array(n));
    for (let i = 0; i < positions.length; i++)
      if (!Number.isFinite(positions[i]!))
        throw new GeometryError(
          'not_finite',
          `glTF: ${where} vertex ${Math.floor(i / 3)} has a NaN or infinite coordinate`,
        );
    return positions;
  }

  private indices(accessor: number): Uint32Array {
    const where = `accessor ${accessor}`;
    const json = this.accessors[accessor]!;
    if (json.type !== 'SCALAR' || ![5121, 5123, 5125].includes(json.componentType as number))
      fail('malformed', `${where} (indices) is not SCALAR u8, u16 or u32`);
    return this.accessorValues(accessor, where, (n) => new Uint32Array(n));
  }

  /**
   * The accessor's elements as numbers (normalized integers scaled into [-1, 1] or [0, 1]), in an array
   * that `make` allocates once the sizes are checked.
   */
  private accessorValues<T extends Float32Array | Uint32Array>(
    accessor: number,
    where: string,
    make: (length: number) => T,
  ): T {
    const json = this.accessors[accessor]!;
    const componentType = integer(json, 'componentType', where, 5120, 5126);
    const size = componentBytes[componentType];
    const components = typeComponents[json.type as string];
    if (size === undefined) return fail('malformed', `${where} componentType ${componentType} is unknown`);
    if (components === undefined)
      return fail('malformed', `${where} type ${String(json.type).slice(0, 20)} is unknown`);
    const count = integer(json, 'count', where, 0, 2 ** 32);
    const normalized = json.normalized === true;
    const source =
      json.bufferView === undefined
        ? undefined
        : {
            ...this.bufferView(integer(json, 'bufferView', where, 0, this.bufferViews.length - 1)),
            offset: integer(json, 'byteOffset', where, 0, 2 ** 53, 0),
          };
    if (source) checkRange(source.data, source.offset, source.stride, count, size * components, where);
    // Without a bufferView the elements are zeros (sparse ones excepted): no data to bound the count.
    else if (count > maxDatalessCount)
      fail('malformed', `${where} has no bufferView and ${count} elements (at most ${maxDatalessCount})`);
    const values = make(count * components);
    if (source) {
      const read = reader(componentType, normalized, view(source.data));
      const stride = source.stride ?? size * components;
      for (let e = 0; e < count; e++)
        for (let k = 0; k < components; k++)
          values[e * components + k] = read(source.offset + e * stride + k * size);
    }
    if (json.sparse !== undefined)
      this.applySparse(json, where, count, components, componentType, normalized, values);
    return values;
  }

  private applySparse(
    json: Json,
    where: string,
    count: number,
    components: number,
    componentType: number,
    normalized: boolean,
    values: Float32Array | Uint32Array,
  ) {
    const sparse = json.sparse;
    if (!isObject(sparse) || !isObject(sparse.indices) || !isObject(sparse.values))
      return fail('malformed', `${where} sparse is incomplete`);
    const sparseCount = integer(sparse, 'count', `${where} sparse`, 1, Math.max(1, count));
    const part = (owner: Json, name: string, type: number, elementComponents: number) => {
      const at = `${where} sparse ${name}`;
      const { data } = this.bufferView(integer(owner, 'bufferView', at, 0, this.bufferViews.length - 1));
      const offset = integer(owner, 'byteOffset', at, 0, 2 ** 53, 0);
      const size = componentBytes[type]!;
      checkRange(data, offset, undefined, sparseCount, size * elementComponents, at);
      const read = reader(type, name === 'values' && normalized, view(data));
      return (i: number, k: number) => read(offset + (i * elementComponents + k) * size);
    };
    const indexType = integer(sparse.indices, 'componentType', `${where} sparse indices`, 5121, 5125);
    if (![5121, 5123, 5125].includes(indexType))
      fail('malformed', `${where} sparse indices type ${indexType} is not u8, u16 or u32`);
    const index = part(sparse.indices, 'indices', indexType, 1);
    const value = part(sparse.values, 'values', componentType, components);
    for (let i = 0; i < sparseCount; i++) {
      const target = index(i, 0);
      if (target >= count) fail('malformed', `${where} sparse index ${target} is past its ${count} elements`);
      for (let k = 0; k < components; k++) values[target * components + k] = value(i, k);
    }
  }

  private bufferView(index: number): { data: Uint8Array; stride: number | undefined } {
    const where = `bufferView ${index}`;
    const json = this.bufferViews[index]!;
    const buffer = this.buffer(integer(json, 'buffer', where, 0, this.buffers.length - 1));
    const offset = integer(json, 'byteOffset', where, 0, 2 ** 53, 0);
    const length = integer(json, 'byteLength', where, 1, 2 ** 53);
    if (offset + length > buffer.length)
      fail('truncated', `${where} ends at byte ${offset + length}, its buffer has ${buffer.length}`);
    const stride = json.byteStride === undefined ? undefined : integer(json, 'byteStride', where, 4, 252);
    return { data: buffer.subarray(offset, offset + length), stride };
  }

  private buffer(index: number): Uint8Array {
    const cached = this.bufferData.get(index);
    if (cached) return cached;
    const where = `buffer ${index}`;
    const json = this.buffers[index]!;
    const length = integer(json, 'byteLength', where, 1, 2 ** 53);
    let data: Uint8Array;
    if (json.uri === undefined) {
      if (index !== 0 || !this.bin)
        return fail('malformed', `${where} has no uri and there is no GLB BIN chunk`);
      data = this.bin;
    } else {
      if (typeof json.uri !== 'string') return fail('malformed', `${where} uri is not a string`);
      data = decodeDataUri(json.uri, where);
    }
    if (data.length < length)
      fail('truncated', `${where} announces ${length} bytes, its data has ${data.length}`);
    data = data.subarray(0, length);
    this.bufferData.set(index, data);
    return data;
  }
}

/** An accessor's elements fit in its bufferView. */
function checkRange(
  data: Uint8Array,
  offset: number,
  stride: number | undefined,
  count: number,
  elementBytes: number,
  where: string,
) {
  if (count === 0) return;
  if (stride !== undefined && stride < elementBytes)
    fail('malformed', `${where}: byteStride ${stride} is smaller than an element (${elementBytes} bytes)`);
  const end = offset + (stride ?? elementBytes) * (count - 1) + elementBytes;
  if (end > data.length)
    fail('truncated', `${where} needs ${end} bytes of its bufferView, which has ${data.length}`);
}

function decodeDataUri(uri: string, where: string): Uint8Array {
  const match = /^data:[^,;]*(;[^,;]*)*;base64,/i.exec(uri.slice(0, 200));
  if (!match) {
    if (uri.startsWith('data:')) fail('malformed', `${where} is a data: URI that is not base64`);
    return fail(
      'malformed',
      `${where} refers to the external file "${uri.slice(0, 80)}", which a single upload does not include; upload a GLB or a .gltf with embedded buffers`,
    );
  }
  const base64 = uri.slice(match[0].length);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) fail('malformed', `${where} data: URI is not valid base64`);
  const decoded = Buffer.from(base64, 'base64');
  return new Uint8Array(decoded.buffer, decoded.byteOffset, decoded.byteLength);
}

function reader(componentType: number, normalized: boolean, d: DataView): (at: number) => number {
  switch (componentType) {
    case 5126:
      return (at) => d.getFloat32(at, true);
    case 5120:
      return normalized ? (at) => Math.max(d.getInt8(at) / 127, -1) : (at) => d.getInt8(at);
    case 5121:
      return normalized ? (at) => d.getUint8(at) / 255 : (at) => d.getUint8(at);
    case 5122:
      return normalized ? (at) => Math.max(d.getInt16(at, true) / 32767, -1) : (at) => d.getInt16(at, true);
    case 5123:
      return normalized ? (at) => d.getUint16(at, true) / 65535 : (at) => d.getUint16(at, true);
    default:
      return normalized ? (at) => d.getUint32(at, true) / 4294967295 : (at) => d.getUint32(at, true);
  }
}

/** Three vertex indices per triangle, from TRIANGLES (4), TRIANGLE_STRIP (5) or TRIANGLE_FAN (6). */
function triangulate(indices: Uint32Array, mode: number, where: string): Uint32Array {
  const n = indices.length;
  if (mode === 4) {
    if (n % 3 !== 0) fail('malformed', `${where} has ${n} indices, not a multiple of 3`);
    return indices;
  }
  const triangles = Math.max(0, n - 2);
  const corners = new Uint32Array(triangles * 3);
  for (let i = 0; i < triangles; i++) {
    if (mode === 5) {
      // Every other triangle of a strip is wound the other way round.
      corners[i * 3] = indices[i]!;
      corners[i * 3 + 1] = indices[i + 1 + (i % 2)]!;
      corners[i * 3 + 2] = indices[i + 2 - (i % 2)]!;
    } else {
      corners[i * 3] = indices[i + 1]!;
      corners[i * 3 + 1] = indices[i + 2]!;
      corners[i * 3 + 2] = indices[0]!;
    }
  }
  return corners;
}
