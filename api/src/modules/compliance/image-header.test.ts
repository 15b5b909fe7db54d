import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readImageHeader } from './image-header.ts';

const fixture = (name: string) =>
  new Uint8Array(fs.readFileSync(path.join(import.meta.dirname, '../../../test/fixtures/images', name)));

describe('readImageHeader', () => {
  it.each([
    ['product-1600x1200.png', 'png', 1600, 1200],
    ['product-480x640.jpg', 'jpeg', 480, 640],
    ['product-1001x999-simple-lossy.webp', 'webp', 1001, 999],
    ['product-1001x999-extended.webp', 'webp', 1001, 999],
    ['product-300x200-simple-lossless.webp', 'webp', 300, 200],
  ])('reads %s as %s, %i × %i', (name, format, width, height) => {
    expect(readImageHeader(fixture(name))).toEqual({ format, width, height });
  });

  it('reads a JPEG whose size comes after long metadata, from its first kilobytes only', () => {
    const jpeg = fixture('product-480x640.jpg');
    // An APP1 (EXIF) segment of 40 KB between the start of image and the rest, as cameras write.
    const exif = new Uint8Array(40_004);
    exif.set([0xff, 0xe1, (40_002 >> 8) & 0xff, 40_002 & 0xff]);
    const withExif = new Uint8Array([...jpeg.subarray(0, 2), ...exif, ...jpeg.subarray(2)]);
    expect(readImageHeader(withExif.subarray(0, 64 * 1024))).toEqual({ format: 'jpeg', width: 480, height: 640 });
    // Cut before the frame: a JPEG, size unknown.
    expect(readImageHeader(withExif.subarray(0, 20_000))).toEqual({ format: 'jpeg', width: null, height: null });
  });

  it('reads GIF, BMP (top-down too) and TIFF in either byte order', () => {
    const gif = Uint8Array.from(
      Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'), // the classic 1 × 1 GIF
    );
    expect(readImageHeader(gif)).toEqual({ format: 'gif', width: 1, height: 1 });

    const bmp = Buffer.alloc(54);
    bmp.write('BM', 0);
    bmp.writeUInt32LE(54, 2);
    bmp.writeUInt32LE(40, 14);
    bmp.writeInt32LE(800, 18);
    bmp.writeInt32LE(-600, 22);
    expect(readImageHeader(bmp)).toEqual({ format: 'bmp', width: 800, height: 600 });

    for (const little of [true, false]) {
      const tiff = Buffer.alloc(8 + 2 + 2 * 12 + 4);
      tiff.write(little ? 'II' : 'MM', 0);
      const u16 = (v: number, at: number) => (little ? tiff.writeUInt16LE(v, at) : tiff.writeUInt16BE(v, at));
      const u32 = (v: number, at: number) => (little ? tiff.writeUInt32LE(v, at) : tiff.writeUInt32BE(v, at));
      u16(42, 2);
      u32(8, 4);
      u16(2, 8);
      u16(256, 10); // ImageWidth, LONG
      u16(4, 12);
      u32(1, 14);
      u32(2400, 18);
      u16(257, 22); // ImageLength, SHORT
      u16(3, 24);
      u32(1, 26);
      u16(1800, 30);
      expect(readImageHeader(tiff)).toEqual({ format: 'tiff', width: 2400, height: 1800 });
    }
  });

  it('knows SVG, AVIF and HEIC without a size, and nothing else', () => {
    const text = (s: string) => new TextEncoder().encode(s);
    expect(
      readImageHeader(text('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10"/>')),
    ).toEqual({
      format: 'svg',
      width: null,
      height: null,
    });
    const box = (brand: string) => new Uint8Array([0, 0, 0, 24, ...text('ftyp'), ...text(brand), 0, 0, 0, 0]);
    expect(readImageHeader(box('avif'))?.format).toBe('avif');
    expect(readImageHeader(box('heic'))?.format).toBe('heic');
    expect(readImageHeader(box('isom'))).toBeNull(); // an MP4 video
    expect(readImageHeader(text('<!doctype html><html><body>Not found</body></html>'))).toBeNull();
    expect(readImageHeader(new Uint8Array([0x89, 0x50]))).toBeNull();
    expect(readImageHeader(new Uint8Array(0))).toBeNull();
  });
});
