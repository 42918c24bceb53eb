import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { readTestMesh } from '../../../tests/fixtures/test-meshes';
import { contentMatches, maxPictureBytes, modelFileFormats } from '@/features/geometry/api';

import { checkUploadRequest } from './upload-rules';

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => new TextEncoder().encode(value);
const head = (data: Uint8Array) => data.subarray(0, 512);
const limit = 256 * 1024 * 1024;

describe('upload requests', () => {
  it('accepts model files and pictures by extension, any case', () => {
    expect(checkUploadRequest('file', 'Cube.STL', 1000, limit)).toEqual({ ok: true, format: 'stl' });
    expect(checkUploadRequest('file', 'car.fbx', 1000, limit)).toEqual({ ok: true, format: 'fbx' });
    expect(checkUploadRequest('picture', 'shot.JPEG', 1000, limit)).toEqual({ ok: true, format: 'jpeg' });
  });

  it('refuses other types, empty or oversized files and odd names before reading a byte', () => {
    expect(checkUploadRequest('file', 'setup.exe', 1000, limit)).toEqual({ ok: false, refusal: 'type' });
    expect(checkUploadRequest('picture', 'model.stl', 1000, limit)).toEqual({ ok: false, refusal: 'type' });
    expect(checkUploadRequest('file', 'noextension', 1000, limit)).toEqual({ ok: false, refusal: 'type' });
    expect(checkUploadRequest('file', 'cube.stl', 0, limit)).toEqual({ ok: false, refusal: 'empty' });
    expect(checkUploadRequest('file', 'cube.stl', Number.NaN, limit)).toEqual({
      ok: false,
      refusal: 'empty',
    });
    expect(checkUploadRequest('file', 'cube.stl', limit + 1, limit)).toEqual({
      ok: false,
      refusal: 'too_large',
    });
    expect(checkUploadRequest('file', 'cube.stl', limit, limit)).toEqual({ ok: true, format: 'stl' });
    expect(checkUploadRequest('picture', 'a.png', maxPictureBytes + 1, limit)).toEqual({
      ok: false,
      refusal: 'too_large',
    });
    for (const name of [
      '../cube.stl',
      'a/b.stl',
      '.hidden.stl',
      ' cube.stl',
      'x'.repeat(201) + '.stl',
      'a\u0000.stl',
    ])
      expect(checkUploadRequest('file', name, 1000, limit)).toEqual({ ok: false, refusal: 'name' });
  });

  it('never throws, whatever the name and size', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 300 }),
        fc.double(),
        fc.constantFrom('file', 'picture'),
        (name, size, kind) => {
          const result = checkUploadRequest(kind as 'file' | 'picture', name, size, limit);
          expect(typeof result.ok).toBe('boolean');
        },
      ),
    );
  });
});

describe('upload content', () => {
  it('recognises the test meshes by their first bytes', () => {
    for (const [file, format] of [
      ['20mm-xyz-cube.stl', 'stl'],
      ['angle_block.STL', 'stl'],
      ['box.obj', 'obj'],
      ['Duck.glb', 'glb'],
    ] as const) {
      const data = readTestMesh(file);
      expect(contentMatches(format, head(data), data.length), file).toBe(true);
    }
  });

  it('tells binary STL by its size and ASCII STL by "solid"', () => {
    const binary = new Uint8Array(84 + 50);
    new DataView(binary.buffer).setUint32(80, 1, true);
    expect(contentMatches('stl', binary, binary.length)).toBe(true);
    expect(contentMatches('stl', binary, binary.length + 1)).toBe(false);
    expect(contentMatches('stl', text('solid cube\nfacet normal 0 0 1'), 30)).toBe(true);
    expect(contentMatches('stl', text('hello'), 5)).toBe(false);
  });

  it('refuses a file whose content is not what its name says', () => {
    const png = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0);
    expect(contentMatches('png', png, 100)).toBe(true);
    expect(contentMatches('jpg', png, 100)).toBe(false);
    expect(contentMatches('glb', png, 100)).toBe(false);
    expect(contentMatches('webp', text('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '), 100)).toBe(true);
    expect(contentMatches('3mf', bytes(0x50, 0x4b, 0x03, 0x04), 100)).toBe(true);
    expect(contentMatches('3mf', text('PK but not a zip'), 100)).toBe(false);
    expect(contentMatches('fbx', text('Kaydara FBX Binary  \u0000'), 100)).toBe(true);
    expect(contentMatches('blend', text('BLENDER-v300'), 100)).toBe(true);
  });

  it('never accepts executables or web pages, whatever the extension', () => {
    const executables = [
      bytes(0x4d, 0x5a, 0x90, 0),
      bytes(0x7f, 0x45, 0x4c, 0x46, 2),
      text('#!/bin/sh\nrm -rf /'),
    ];
    const pages = [
      text('<!DOCTYPE html><script>alert(1)</script>'),
      text('  <html><body>'),
      text('<script>x</script>'),
    ];
    for (const format of modelFileFormats)
      for (const data of [...executables, ...pages])
        expect(contentMatches(format, data, 1000), format).toBe(false);
  });

  it('never throws on random bytes', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...modelFileFormats, 'jpg', 'png', 'webp', 'exe'),
        fc.uint8Array({ maxLength: 512 }),
        fc.nat(),
        (format, data, size) => {
          expect(typeof contentMatches(format, data, size)).toBe('boolean');
        },
      ),
    );
  });
});
