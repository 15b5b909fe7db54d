import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readImageHeader } from '../../src/modules/compliance/image-header.ts';
import { productImagePng } from '../../src/sandbox/shared/product-picture.ts';

/** The PNG's chunks, each with whether its CRC is right. */
function chunksOf(png: Buffer) {
  const chunks: Array<{ type: string; data: Buffer; crcOk: boolean }> = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('ascii', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    chunks.push({
      type,
      data,
      crcOk: crc32(png.subarray(at + 4, at + 8 + length)) === png.readUInt32BE(at + 8 + length),
    });
    at += 12 + length;
  }
  return chunks;
}
function crc32(bytes: Buffer): number {
  let c = ~0;
  for (const byte of bytes) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return ~c >>> 0;
}

describe("the sandbox's product pictures", () => {
  it('are well-formed PNGs of 1,600 × 1,600 pixels, a darker square on a lighter ground, coloured by SKU', () => {
    const png = productImagePng('ACM-001-00001');
    expect(readImageHeader(png)).toEqual({ format: 'png', width: 1600, height: 1600 });
    const chunks = chunksOf(png);
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'PLTE', 'IDAT', 'IEND']);
    expect(chunks.every((c) => c.crcOk)).toBe(true);
    const rows = inflateSync(chunks[2]!.data);
    expect(rows.length).toBe(1600 * (1 + 200));
    const pixel = (x: number, y: number) => (rows[y * 201 + 1 + (x >> 3)]! >> (7 - (x & 7))) & 1;
    expect([
      pixel(10, 10),
      pixel(800, 800),
      pixel(399, 800),
      pixel(400, 800),
      pixel(1199, 1199),
      pixel(1200, 1199),
    ]).toEqual([0, 1, 0, 1, 1, 0]);
    const [ground, square] = [chunks[1]!.data.subarray(0, 3), chunks[1]!.data.subarray(3, 6)];
    expect(ground.reduce((a, b) => a + b, 0)).toBeGreaterThan(square.reduce((a, b) => a + b, 0));
    expect(productImagePng('ACM-001-00002').equals(png)).toBe(false);
  });
});
