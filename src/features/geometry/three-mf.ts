/**
 * 3MF, the printers' format: a ZIP package (read by `openZip`, with its zip-bomb limits) holding XML
 * model parts. The root model part is the one `_rels/.rels` names (else `3D/3dmodel.model`). Read: the
 * core elements `<object>` with a `<mesh>` (`<vertex x y z>`, `<triangle v1 v2 v3>`) or `<components>`
 * (`<component objectid transform>`), and `<build>` `<item objectid transform>`. Element and attribute
 * prefixes are ignored (`<m:model>` reads as `<model>`), and the production extension's `p:path` on a
 * component or an item points into another model part of the package. Transforms are 3MF's 3×4 matrices
 * `m00 m01 m02 m10 m11 m12 m20 m21 m22 m30 m31 m32` applied to row vectors (`[x y z 1] × M`) and are
 * composed from the component up to the build item; a transform that mirrors reverses the winding so
 * faces keep pointing outwards. Objects of type `support` and `other` are not part of the printed model
 * and are skipped.
 *
 * Units: the model's `unit` attribute is returned as one of the project's units. micron and foot are not
 * among them, so those coordinates are converted: micron into millimetres (× 0.001) and foot into inches
 * (× 12); millimeter, centimeter, inch and meter are kept as they are (mm, cm, in, m).
 *
 * The XML is scanned as bytes (no string of the whole part is made), with no DTD and no entity expansion
 * beyond the five predefined entities. Components nest at most 32 deep; a cycle is an error.
 */
import type { LengthUnit } from './analyze';
import { float32Max, GeometryError, type TriangleMesh } from './mesh';
import { openZip, type ZipArchive, type ZipLimits } from './zip';

export interface ThreeMfLimits extends ZipLimits {
  /** The most triangles the build may hold, every instance counted (default 50,000,000). */
  maxTriangles?: number;
}

export interface ThreeMfResult {
  mesh: TriangleMesh;
  unit: LengthUnit;
}

const defaultMaxTriangles = 50_000_000;
const maxDepth = 32;
const modelRelationship = 'http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel';
const defaultModelPath = '3D/3dmodel.model';

/** A 3MF unit: the project's unit it becomes, and the factor the coordinates are multiplied by. */
const units: Record<string, { unit: LengthUnit; scale: number; mm: number }> = {
  micron: { unit: 'mm', scale: 0.001, mm: 0.001 },
  millimeter: { unit: 'mm', scale: 1, mm: 1 },
  centimeter: { unit: 'cm', scale: 1, mm: 10 },
  inch: { unit: 'in', scale: 1, mm: 25.4 },
  foot: { unit: 'in', scale: 12, mm: 304.8 },
  meter: { unit: 'm', scale: 1, mm: 1000 },
};

const fail = (code: 'malformed' | 'truncated' | 'empty', message: string): never => {
  throw new GeometryError(code, `3MF: ${message}`);
};

/** A 3MF transform: 12 numbers, rows m0 m1 m2 (linear part) and m3 (translation), for row vectors. */
type Transform = Float64Array;

const identity = (): Transform => Float64Array.of(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0);
const scaling = (s: number): Transform => Float64Array.of(s, 0, 0, 0, s, 0, 0, 0, s, 0, 0, 0);

/** `a` first, then `b`: `[p 1] × A × B`. */
function compose(a: Transform, b: Transform): Transform {
  const out = new Float64Array(12);
  for (let row = 0; row < 4; row++)
    for (let column = 0; column < 3; column++) {
      let sum = row === 3 ? b[9 + column]! : 0;
      for (let k = 0; k < 3; k++) sum += a[row * 3 + k]! * b[k * 3 + column]!;
      out[row * 3 + column] = sum;
    }
  return out;
}

const determinant = (m: Transform) =>
  m[0]! * (m[4]! * m[8]! - m[5]! * m[7]!) -
  m[1]! * (m[3]! * m[8]! - m[5]! * m[6]!) +
  m[2]! * (m[3]! * m[7]! - m[4]! * m[6]!);

interface Component {
  objectId: string;
  /** The model part of the object (the production extension's `p:path`), as a ZIP entry name. */
  part: string;
  transform: Transform;
}

interface ModelObject {
  id: string;
  printed: boolean;
  vertices: number[];
  /** Three vertex indices per triangle. */
  triangles: number[];
  components: Component[];
}

interface Model {
  part: string;
  unit: keyof typeof units;
  objects: Map<string, ModelObject>;
  items: Component[];
}

export function parseThreeMf(bytes: Uint8Array, limits: ThreeMfLimits = {}): ThreeMfResult {
  if (bytes.length === 0) throw new GeometryError('empty', '3MF: the file is empty');
  const zip = openZip(bytes, limits);
  const maxTriangles = limits.maxTriangles ?? defaultMaxTriangles;
  const models = new Map<string, Model>();
  const model = (part: string): Model => {
    const key = partKey(part);
    let found = models.get(key);
    if (!found) {
      found = readModel(zip, part);
      models.set(key, found);
    }
    return found;
  };
  const root = model(rootModelPath(zip));
  const target = units[root.unit]!;
  const object = (part: string, id: string, where: string) => {
    const found = model(part).objects.get(id);
    if (!found)
      return fail('malformed', `${where} refers to object ${clip(id)}, which ${clip(part)} does not define`);
    return found;
  };
  /** From a part's unit into the root's (the production extension allows parts of their own). */
  const crossing = (from: Model, to: Model) =>
    from.unit === to.unit ? undefined : scaling(units[from.unit]!.mm / units[to.unit]!.mm);

  // First the triangle count of every object reachable from the build (cycles and depth checked), so
  // that a small file that instantiates a large object many times is refused before any allocation.
  const counts = new Map<string, number>();
  const visiting = new Set<string>();
  const count = (part: string, id: string, where: string, depth: number): number => {
    const key = `${partKey(part)}#${id}`;
    const known = counts.get(key);
    if (known !== undefined) return known;
    if (visiting.has(key))
      return fail('malformed', `object ${clip(id)} contains itself (a cycle of components)`);
    if (depth > maxDepth) return fail('malformed', `components nest more than ${maxDepth} deep`);
    const found = object(part, id, where);
    visiting.add(key);
    let total = found.printed ? found.triangles.length / 3 : 0;
    for (const c of found.components) total += count(c.part, c.objectId, `object ${clip(id)}`, depth + 1);
    visiting.delete(key);
    counts.set(key, total);
    return total;
  };
  let total = 0;
  for (const item of root.items) {
    total += count(item.part, item.objectId, 'a build item', 0);
    if (total > maxTriangles)
      throw new GeometryError(
        'too_large',
        `3MF: the build holds more than ${maxTriangles.toLocaleString('en-US')} triangles`,
      );
  }
  if (root.items.length === 0) fail('empty', 'the build has no items');
  if (total === 0) fail('empty', 'the build has no triangles');

  const positions = new Float32Array(total * 9);
  let at = 0;
  const emit = (from: Model, part: string, id: string, placement: Transform) => {
    const owner = model(part);
    const scale = crossing(owner, from);
    const matrix = scale ? compose(scale, placement) : placement;
    const found = owner.objects.get(id)!;
    if (found.printed && found.triangles.length) {
      const m = matrix;
      const v = found.vertices;
      const t = found.triangles;
      const flip = determinant(m) < 0;
      const start = at;
      for (let i = 0; i < t.length; i++) {
        const corner = flip && i % 3 !== 0 ? t[i % 3 === 1 ? i + 1 : i - 1]! : t[i]!;
        const x = v[corner * 3]!;
        const y = v[corner * 3 + 1]!;
        const z = v[corner * 3 + 2]!;
        positions[at++] = x * m[0]! + y * m[3]! + z * m[6]! + m[9]!;
        positions[at++] = x * m[1]! + y * m[4]! + z * m[7]! + m[10]!;
        positions[at++] = x * m[2]! + y * m[5]! + z * m[8]! + m[11]!;
      }
      for (let i = start; i < at; i++)
        if (!Number.isFinite(positions[i]!))
          throw new GeometryError(
            'not_finite',
            `3MF: object ${clip(id)} becomes infinite under its transforms`,
          );
    }
    for (const c of found.components) emit(owner, c.part, c.objectId, compose(c.transform, matrix));
  };
  for (const item of root.items)
    emit(root, item.part, item.objectId, compose(item.transform, scaling(target.scale)));
  return { mesh: { positions }, unit: target.unit };
}

const partKey = (part: string) => part.replace(/^\/+/, '').toLowerCase();

/** The root model part, as `_rels/.rels` names it (else the usual `3D/3dmodel.model`). */
function rootModelPath(zip: ZipArchive): string {
  const rels = zip.find('_rels/.rels');
  if (rels) {
    let target: string | undefined;
    scanXml(zip.read(rels), '_rels/.rels', {
      open(name, attributes) {
        if (name === 'Relationship' && attributes.Type === modelRelationship && target === undefined)
          target = attributes.Target;
      },
    });
    if (target !== undefined) {
      const part = resolvePart(target);
      if (zip.find(part)) return part;
      if (!zip.find(defaultModelPath))
        fail('malformed', `the model part ${clip(part)} that _rels/.rels names is missing`);
    }
  }
  if (!zip.find(defaultModelPath))
    fail(
      'malformed',
      `the package has no model part (neither _rels/.rels nor ${defaultModelPath} names one)`,
    );
  return defaultModelPath;
}

/** A part name from a relationship target or `p:path`: percent-decoded, from the package root. */
function resolvePart(target: string): string {
  let decoded = target;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    // Left as written.
  }
  return decoded.replace(/^\/+/, '');
}

function readModel(zip: ZipArchive, part: string): Model {
  const entry = zip.find(part);
  if (!entry) return fail('malformed', `the model part ${clip(part)} is missing from the package`);
  const model: Model = { part, unit: 'millimeter', objects: new Map(), items: [] };
  let current: ModelObject | undefined;
  let sawModel = false;
  const where = () => (current ? `${clip(part)} object ${clip(current.id)}` : clip(part));
  const component = (attributes: Attributes, what: string): Component => {
    const objectId = attributes.objectid;
    if (objectId === undefined) return fail('malformed', `${where()}: a ${what} has no objectid`);
    return {
      objectId,
      part: attributes.path === undefined ? part : resolvePart(attributes.path),
      transform:
        attributes.transform === undefined ? identity() : parseTransform(attributes.transform, where()),
    };
  };
  scanXml(zip.read(entry), part, {
    open(name, attributes, parent) {
      if (name === 'model') {
        sawModel = true;
        const unit = attributes.unit ?? 'millimeter';
        if (!(unit in units))
          fail(
            'malformed',
            `${clip(part)}: unit "${clip(unit)}" is not micron, millimeter, centimeter, inch, foot or meter`,
          );
        model.unit = unit;
      } else if (name === 'vertex' && parent === 'vertices' && current) {
        current.vertices.push(
          coordinate(attributes.x, 'x', where),
          coordinate(attributes.y, 'y', where),
          coordinate(attributes.z, 'z', where),
        );
      } else if (name === 'triangle' && parent === 'triangles' && current) {
        const vertexCount = current.vertices.length / 3;
        const triangle = current.triangles.length / 3 + 1;
        for (const key of ['v1', 'v2', 'v3'] as const) {
          const text = attributes[key];
          const index = Number(text);
          if (
            text === undefined ||
            text.trim() === '' ||
            !Number.isInteger(index) ||
            index < 0 ||
            index >= vertexCount
          )
            fail(
              'malformed',
              `${where()}: triangle ${triangle} ${key}="${clip(text ?? '')}" is not one of its ${vertexCount} vertices`,
            );
          current.triangles.push(index);
        }
      } else if (name === 'component' && parent === 'components' && current) {
        current.components.push(component(attributes, 'component'));
      } else if (name === 'object' && parent === 'resources') {
        const id = attributes.id;
        if (id === undefined) fail('malformed', `${clip(part)}: an object has no id`);
        if (model.objects.has(id!)) fail('malformed', `${clip(part)}: two objects have the id ${clip(id!)}`);
        const type = attributes.type ?? 'model';
        current = {
          id: id!,
          printed: type !== 'support' && type !== 'other',
          vertices: [],
          triangles: [],
          components: [],
        };
        model.objects.set(id!, current);
      } else if (name === 'item' && parent === 'build') model.items.push(component(attributes, 'build item'));
    },
    close(name) {
      if (name === 'object') current = undefined;
    },
  });
  if (!sawModel) fail('malformed', `${clip(part)} has no <model> element`);
  return model;
}

function coordinate(text: string | undefined, axis: string, where: () => string): number {
  const value = Number(text);
  if (text === undefined || text.trim() === '' || (Number.isNaN(value) && !/^\s*[-+]?(nan|inf)/i.test(text)))
    return fail('malformed', `${where()}: vertex ${axis}="${clip(text ?? '')}" is not a number`);
  // Checked as it will be stored, a 32-bit float: float32's largest as usually printed is kept.
  if (!Number.isFinite(Math.fround(value)))
    throw new GeometryError(
      'not_finite',
      `3MF: ${where()}: vertex ${axis}="${clip(text)}" ${Number.isFinite(value) ? `is beyond the range of 32-bit floats (±${float32Max.toPrecision(8)})` : 'is not a finite number'}`,
    );
  return value;
}

function parseTransform(text: string, where: string): Transform {
  const fields = text.trim().split(/\s+/);
  const values = fields.map(Number);
  if (fields.length !== 12 || values.some(Number.isNaN))
    return fail('malformed', `${where}: transform "${clip(text)}" is not 12 numbers`);
  if (!values.every(Number.isFinite))
    throw new GeometryError('not_finite', `3MF: ${where}: transform "${clip(text)}" is not finite`);
  return Float64Array.from(values);
}

const clip = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}...` : text);

// --- A small XML scanner over bytes ---------------------------------------------------------------

type Attributes = Record<string, string | undefined>;

interface XmlHandler {
  /** An element opens; names are local (any `prefix:` removed), `parent` is the enclosing element's. */
  open(name: string, attributes: Attributes, parent: string | undefined): void;
  close?(name: string): void;
}

const lt = 0x3c;
const gt = 0x3e;
const slash = 0x2f;
const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Element events of an XML document (UTF-8), with nesting checked. Text content is not needed. */
function scanXml(bytes: Uint8Array, part: string, handler: XmlHandler) {
  const where = clip(part);
  const stack: string[] = [];
  const n = bytes.length;
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  if ((bytes[0] === 0xfe && bytes[1] === 0xff) || (bytes[0] === 0xff && bytes[1] === 0xfe))
    fail('malformed', `${where} is UTF-16 (3MF parts are UTF-8)`);
  const find = (pattern: number[], from: number, what: string) => {
    let at = from;
    for (;;) {
      at = bytes.indexOf(pattern[0]!, at);
      if (at < 0 || at + pattern.length > n) return fail('truncated', `${where} ends inside ${what}`);
      if (pattern.every((c, k) => bytes[at + k] === c)) return at;
      at++;
    }
  };
  const startsWith = (at: number, text: string) => {
    for (let k = 0; k < text.length; k++) if (bytes[at + k] !== text.charCodeAt(k)) return false;
    return true;
  };
  const name = (from: number): number => {
    let at = from;
    while (at < n && !isSpace(bytes[at]!) && bytes[at] !== gt && bytes[at] !== slash && bytes[at] !== 0x3d)
      at++;
    return at;
  };
  while (i < n) {
    const open = bytes.indexOf(lt, i);
    if (open < 0) break;
    const next = bytes[open + 1];
    if (next === 0x3f) {
      i = find([0x3f, gt], open + 2, 'a processing instruction') + 2; // ?>
    } else if (next === 0x21) {
      if (startsWith(open, '<!--')) i = find([0x2d, 0x2d, gt], open + 4, 'a comment') + 3;
      else if (startsWith(open, '<![CDATA[')) i = find([0x5d, 0x5d, gt], open + 9, 'a CDATA section') + 3;
      else return fail('malformed', `${where} has a DOCTYPE or DTD declaration, which 3MF does not allow`);
    } else if (next === slash) {
      const end = name(open + 2);
      const closing = localName(ascii(bytes, open + 2, end));
      const close = bytes.indexOf(gt, end);
      if (close < 0) fail('truncated', `${where} ends inside </${closing}>`);
      const expected = stack.pop();
      if (expected !== closing)
        fail('malformed', `${where}: </${clip(closing)}> closes ${expected ? `<${expected}>` : 'nothing'}`);
      handler.close?.(closing);
      i = close + 1;
    } else {
      const end = name(open + 1);
      if (end === open + 1) fail('malformed', `${where}: a "<" at byte ${open} does not start an element`);
      const element = localName(ascii(bytes, open + 1, end));
      const attributes: Attributes = {};
      let at = end;
      let selfClosing = false;
      for (;;) {
        while (at < n && isSpace(bytes[at]!)) at++;
        if (at >= n) return fail('truncated', `${where} ends inside <${clip(element)}>`);
        if (bytes[at] === gt) break;
        if (bytes[at] === slash) {
          if (bytes[at + 1] !== gt) fail('malformed', `${where}: <${clip(element)}> has a stray "/"`);
          selfClosing = true;
          at++;
          break;
        }
        const nameEnd = name(at);
        if (nameEnd === at) fail('malformed', `${where}: <${clip(element)}> has a malformed attribute`);
        const attribute = localName(ascii(bytes, at, nameEnd));
        at = nameEnd;
        while (at < n && isSpace(bytes[at]!)) at++;
        if (bytes[at] !== 0x3d)
          fail('malformed', `${where}: attribute ${clip(attribute)} of <${clip(element)}> has no value`);
        at++;
        while (at < n && isSpace(bytes[at]!)) at++;
        const quote = bytes[at];
        if (quote !== 0x22 && quote !== 0x27)
          fail('malformed', `${where}: attribute ${clip(attribute)} of <${clip(element)}> is not quoted`);
        const valueEnd = bytes.indexOf(quote!, at + 1);
        if (valueEnd < 0) return fail('truncated', `${where} ends inside an attribute of <${clip(element)}>`);
        attributes[attribute] = value(bytes, at + 1, valueEnd);
        at = valueEnd + 1;
      }
      handler.open(element, attributes, stack[stack.length - 1]);
      if (selfClosing) handler.close?.(element);
      else stack.push(element);
      i = at + 1;
    }
  }
  if (stack.length) fail('truncated', `${where} ends before </${stack[stack.length - 1]}>`);
}

function localName(name: string): string {
  const colon = name.lastIndexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  let text = '';
  for (let k = from; k < to; k++) text += String.fromCharCode(bytes[k]!);
  return text;
}

function value(bytes: Uint8Array, from: number, to: number): string {
  let plain = to - from <= 64;
  for (let k = from; plain && k < to; k++) if (bytes[k]! >= 0x80 || bytes[k] === 0x26) plain = false;
  if (plain) return ascii(bytes, from, to);
  const text = new TextDecoder().decode(bytes.subarray(from, to));
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] !== '#') return entities[entity] ?? whole;
    const code =
      entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}
