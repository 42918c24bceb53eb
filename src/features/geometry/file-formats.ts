/**
 * What an uploaded file is, judged by its first bytes (decision 0020): model files and pictures are
 * checked against their format's signature before anything is stored, so that a renamed executable or
 * web page never passes. Used by the studio, conversation attachments, project references and
 * custom-model files.
 */
import { meshFormats } from './mesh-formats';

/** Opaque formats: stored and sold as they are. */
export const opaqueFormats = [
  'fbx',
  'blend',
  'max',
  'c4d',
  'ma',
  'mb',
  'dae',
  '3ds',
  'ply',
  'usdz',
  'usd',
  'abc',
  'step',
  'stp',
  'iges',
  'igs',
  'skp',
  'x3d',
  'dxf',
  'zip',
] as const;

export const modelFileFormats = [...meshFormats, ...opaqueFormats] as const;
export type ModelFileFormat = (typeof modelFileFormats)[number];

export const pictureFormats = ['jpg', 'jpeg', 'png', 'webp'] as const;
/** Spec §9: image uploads under 25 MB. */
export const maxPictureBytes = 25 * 1024 * 1024;
/** How many bytes of a file the content check looks at. */
export const headBytes = 512;

const ascii = (head: Uint8Array, from: number, length: number) =>
  String.fromCharCode(...head.subarray(from, from + length));
const startsWith = (head: Uint8Array, bytes: readonly number[]) => bytes.every((b, i) => head[i] === b);
const zip = [0x50, 0x4b, 0x03, 0x04];
const ole = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** Text formats: no NUL byte among the first bytes (after an optional UTF-8 byte order mark). */
function isText(head: Uint8Array): boolean {
  return !head.includes(0);
}

function trimmedText(head: Uint8Array): string {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head);
  return text.replace(/^\uFEFF/, '').trimStart();
}

/** Executables and web pages are never accepted, whatever their name says. */
function isExecutableOrMarkup(head: Uint8Array): boolean {
  if (startsWith(head, [0x4d, 0x5a]) || startsWith(head, [0x7f, 0x45, 0x4c, 0x46])) return true;
  if (startsWith(head, [0xcf, 0xfa, 0xed, 0xfe]) || startsWith(head, [0x23, 0x21])) return true;
  const text = trimmedText(head).slice(0, 64).toLowerCase();
  return text.startsWith('<!doctype html') || text.startsWith('<html') || text.startsWith('<script');
}

/**
 * True when the first bytes (`head`, up to `headBytes`) of a file of `size` bytes look like `format`.
 * Formats without a fixed signature only have to be what they claim to be in kind (text or binary).
 */
export function contentMatches(format: string, head: Uint8Array, size: number): boolean {
  if (size === 0 || isExecutableOrMarkup(head)) return false;
  switch (format) {
    case 'stl':
      // DESIGN §6: binary by its size, whatever the header says; else ASCII 'solid'.
      if (size >= 84 && head.length >= 84) {
        const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
        if (84 + 50 * view.getUint32(80, true) === size) return true;
      }
      return isText(head) && trimmedText(head).toLowerCase().startsWith('solid');
    case 'glb':
      return ascii(head, 0, 4) === 'glTF';
    case 'gltf':
      return isText(head) && trimmedText(head).startsWith('{');
    case '3mf':
    case 'usdz':
    case 'zip':
      return startsWith(head, zip);
    case 'fbx':
      return (
        ascii(head, 0, 18) === 'Kaydara FBX Binary' || (isText(head) && trimmedText(head).startsWith(';'))
      );
    case 'blend':
      return ascii(head, 0, 7) === 'BLENDER';
    case 'max':
      return startsWith(head, ole);
    case 'c4d':
      return ascii(head, 0, 4) === 'XC4D' || ascii(head, 0, 4) === 'QC4D';
    case 'mb':
      return ascii(head, 0, 4) === 'FOR4' || ascii(head, 0, 4) === 'FOR8';
    case '3ds':
      return startsWith(head, [0x4d, 0x4d]);
    case 'ply':
      return ascii(head, 0, 3) === 'ply';
    case 'abc':
      return ascii(head, 0, 5) === 'Ogawa' || startsWith(head, [0x89, 0x48, 0x44, 0x46]);
    case 'usd':
      return ascii(head, 0, 8) === 'PXR-USDC' || trimmedText(head).startsWith('#usda');
    case 'step':
    case 'stp':
      return isText(head) && trimmedText(head).startsWith('ISO-10303-21');
    case 'dae':
    case 'x3d':
      return isText(head) && trimmedText(head).startsWith('<');
    case 'obj':
    case 'ma':
    case 'iges':
    case 'igs':
    case 'dxf':
      return isText(head);
    case 'skp':
      return !isText(head);
    case 'jpg':
    case 'jpeg':
      return startsWith(head, [0xff, 0xd8, 0xff]);
    case 'png':
      return startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case 'webp':
      return ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'WEBP';
    default:
      return false;
  }
}

const namePattern = /^[^\\/:*?"<>|\u0000-\u001f]{1,200}$/;

/** A file name we store as given: no path, no control characters, no leading dot or spaces, ≤ 200. */
export function isAcceptableFileName(fileName: string): boolean {
  return namePattern.test(fileName) && fileName.trim() === fileName && !fileName.startsWith('.');
}
