/**
 * 3MF, the printers' format: an OPC package with `[Content_Types].xml`, `_rels/.rels` pointing at the
 * model part, and `3D/3dmodel.model` holding one object of type "model" (shared vertices, triangles
 * counter-clockwise from outside, as 3MF requires) in millimetres, placed once on the build plate.
 * 3MF is Z-up like the mesh, so coordinates are written as they are, rounded to 0.1 µm.
 */
import { writeZip } from '../zip-writer';

import { assertWritable, formatMillimetres, oneLineName, type IndexedMesh } from './indexed-mesh';

const contentTypes = `<?xml version="1.0" encoding="UTF-8"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
 <Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
 <Default Extension="model" ContentType="application/vnd.ms-package.3dmanufacturing-3dmodel+xml"/>
</Types>
`;

const relationships = `<?xml version="1.0" encoding="UTF-8"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
 <Relationship Target="/3D/3dmodel.model" Id="rel0" Type="http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"/>
</Relationships>
`;

export function writeThreeMf(mesh: IndexedMesh, name: string): Uint8Array<ArrayBuffer> {
  assertWritable(mesh, '3MF');
  const encoder = new TextEncoder();
  return writeZip([
    { name: '[Content_Types].xml', data: encoder.encode(contentTypes) },
    { name: '_rels/.rels', data: encoder.encode(relationships) },
    { name: '3D/3dmodel.model', data: encoder.encode(modelXml(mesh, name)) },
  ]);
}

function modelXml({ positions: p, triangles: t }: IndexedMesh, name: string): string {
  const title = escapeXml(oneLineName(name));
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    '<model unit="millimeter" xml:lang="en-US" xmlns="http://schemas.microsoft.com/3dmanufacturing/core/2015/02">\n',
    ` <metadata name="Title">${title}</metadata>\n`,
    ' <metadata name="Application">Meshbay</metadata>\n',
    ' <resources>\n',
    `  <object id="1" type="model" name="${title}">\n`,
    '   <mesh>\n',
    '    <vertices>\n',
  ];
  for (let i = 0; i < p.length; i += 3)
    parts.push(
      `     <vertex x="${formatMillimetres(p[i]!)}" y="${formatMillimetres(p[i + 1]!)}" z="${formatMillimetres(p[i + 2]!)}"/>\n`,
    );
  parts.push('    </vertices>\n', '    <triangles>\n');
  for (let i = 0; i < t.length; i += 3)
    parts.push(`     <triangle v1="${t[i]}" v2="${t[i + 1]}" v3="${t[i + 2]}"/>\n`);
  parts.push(
    '    </triangles>\n',
    '   </mesh>\n',
    '  </object>\n',
    ' </resources>\n',
    ' <build>\n',
    '  <item objectid="1"/>\n',
    ' </build>\n',
    '</model>\n',
  );
  return parts.join('');
}

const xmlEntities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text for an XML attribute or element (`oneLineName` has already removed the control characters XML forbids). */
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => xmlEntities[char]!);
