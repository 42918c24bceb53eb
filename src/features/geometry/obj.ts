/**
 * Wavefront OBJ: `v` positions and `f` faces (polygons are split into fans of triangles; indices may be
 * negative, counting back from the latest vertex; `v/vt/vn` forms read the position only). Groups,
 * objects, materials, normals and texture coordinates do not change the shape and are skipped.
 */
import { float32Coordinate, GeometryError, type TriangleMesh } from './mesh';

export function parseObj(bytes: Uint8Array): TriangleMesh {
  if (bytes.length === 0) throw new GeometryError('empty', 'OBJ: the file is empty');
  const text = new TextDecoder().decode(bytes).replace(/\\\r?\n/g, ' ');
  const vertices: number[] = [];
  const positions: number[] = [];
  let lineNumber = 0;
  for (const line of text.split(/\r?\n/)) {
    lineNumber++;
    const fields = line.trim().split(/\s+/);
    if (fields[0] === 'v') {
      if (fields.length < 4)
        throw new GeometryError('malformed', `OBJ line ${lineNumber}: a vertex needs x, y and z`);
      // Coordinates are kept as 32-bit floats: checked as stored.
      for (let k = 1; k <= 3; k++) vertices.push(float32Coordinate(fields[k]!, `OBJ line ${lineNumber}`));
    } else if (fields[0] === 'f') {
      const count = vertices.length / 3;
      const corners = fields.slice(1).map((field) => {
        const index = Number(field.split('/')[0]);
        const resolved = index < 0 ? count + index : index - 1;
        if (!Number.isInteger(index) || index === 0 || resolved < 0 || resolved >= count)
          throw new GeometryError(
            'malformed',
            `OBJ line ${lineNumber}: vertex "${field.slice(0, 40)}" does not exist (${count} vertices so far)`,
          );
        return resolved;
      });
      if (corners.length < 3)
        throw new GeometryError('malformed', `OBJ line ${lineNumber}: a face needs 3 vertices`);
      for (let k = 1; k + 1 < corners.length; k++)
        for (const corner of [corners[0]!, corners[k]!, corners[k + 1]!])
          positions.push(vertices[corner * 3]!, vertices[corner * 3 + 1]!, vertices[corner * 3 + 2]!);
    }
  }
  if (positions.length === 0) throw new GeometryError('empty', 'OBJ: no faces');
  return { positions: Float32Array.from(positions) };
}
