import { deflateSync } from 'node:zlib';

// The sandbox's product pictures: a square of the product's colour on a lighter ground, as a real PNG of
// 1,600 × 1,600 pixels (every marketplace's size for zoom, so the compliance checks find the demo's pictures fine).
// Two colours, one bit a pixel: a few kilobytes, made once per colour.

export const PICTURE_SIDE = 1600;

const hueOf = (sku: string) => {
  let hash = 0;
  for (const c of sku) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  return hash % 360;
};

/** A simple product picture as SVG (the links of catalogues generated before pictures were PNG). */
export function productImageSvg(sku: string): string {
  const hue = hueOf(sku);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200"><rect width="200" height="200" fill="hsl(${hue} 45% 88%)"/><rect x="50" y="50" width="100" height="100" rx="18" fill="hsl(${hue} 45% 45%)"/><text x="100" y="185" font-family="sans-serif" font-size="14" text-anchor="middle" fill="#334155">${sku.replace(/[<&>]/g, '')}</text></svg>`;
}

function rgbOfHsl(hue: number, saturation: number, lightness: number): [number, number, number] {
  const a = saturation * Math.min(lightness, 1 - lightness);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    return Math.round(255 * (lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [channel(0), channel(8), channel(4)];
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function pictureOfHue(hue: number): Buffer {
  const side = PICTURE_SIDE;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([1, 3, 0, 0, 0], 8); // bit depth 1, palette, deflate, adaptive filtering, no interlace
  const palette = Buffer.from([...rgbOfHsl(hue, 0.45, 0.88), ...rgbOfHsl(hue, 0.45, 0.45)]);
  const rowBytes = side / 8;
  const rows = Buffer.alloc(side * (1 + rowBytes));
  for (let y = side / 4; y < (side * 3) / 4; y++)
    rows.fill(0xff, y * (1 + rowBytes) + 1 + rowBytes / 4, y * (1 + rowBytes) + 1 + (rowBytes * 3) / 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('PLTE', palette),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const made = new Map<number, Buffer>();

/** The product's picture as PNG, 1,600 × 1,600 pixels, its colour from the SKU. */
export function productImagePng(sku: string): Buffer {
  const hue = hueOf(sku);
  let picture = made.get(hue);
  if (!picture) {
    picture = pictureOfHue(hue);
    made.set(hue, picture);
  }
  return picture;
}
