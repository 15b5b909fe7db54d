// What an image is, read from its first bytes: its format and, for the formats marketplaces take, its size in
// pixels. Each format keeps its dimensions near the start (PNG's IHDR, GIF's screen descriptor, WebP's frame
// header, BMP's info header, TIFF's first directory, JPEG's start-of-frame after its metadata), so the prober
// reads the first kilobytes of a picture, never all of it.

export const imageFormats = ['jpeg', 'png', 'gif', 'webp', 'bmp', 'tiff', 'avif', 'heic', 'svg'] as const;
export type ImageFormat = (typeof imageFormats)[number];

export interface ImageHeader {
  format: ImageFormat;
  /** Null when the format keeps no size in its header (SVG) or the bytes read stop before it. */
  width: number | null;
  height: number | null;
}

const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length));

const u16be = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const u16le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const u24le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16);
const u32be = (b: Uint8Array, i: number) => ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!) >>> 0;
const u32le = (b: Uint8Array, i: number) => ((b[i + 3]! << 24) | (b[i + 2]! << 16) | (b[i + 1]! << 8) | b[i]!) >>> 0;

const sized = (format: ImageFormat, width: number, height: number): ImageHeader =>
  width > 0 && height > 0 ? { format, width, height } : { format, width: null, height: null };
const unsized = (format: ImageFormat): ImageHeader => ({ format, width: null, height: null });

/** The image these bytes start, or null when they start no image we know. */
export function readImageHeader(bytes: Uint8Array): ImageHeader | null {
  if (bytes.length >= 24 && u32be(bytes, 0) === 0x89504e47 && ascii(bytes, 12, 4) === 'IHDR')
    return sized('png', u32be(bytes, 16), u32be(bytes, 20));
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return jpegHeader(bytes);
  if (bytes.length >= 10 && (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a'))
    return sized('gif', u16le(bytes, 6), u16le(bytes, 8));
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return webpHeader(bytes);
  if (bytes.length >= 26 && ascii(bytes, 0, 2) === 'BM')
    // BITMAPINFOHEADER: a negative height is a top-down bitmap.
    return sized('bmp', Math.abs(u32le(bytes, 18) | 0), Math.abs(u32le(bytes, 22) | 0));
  if (bytes.length >= 8 && (ascii(bytes, 0, 4) === 'II*\0' || ascii(bytes, 0, 4) === 'MM\0*')) return tiffHeader(bytes);
  if (bytes.length >= 12 && ascii(bytes, 4, 4) === 'ftyp') {
    const brand = ascii(bytes, 8, 4);
    if (brand === 'avif' || brand === 'avis') return unsized('avif');
    if (['heic', 'heix', 'mif1', 'msf1'].includes(brand)) return unsized('heic');
    return null;
  }
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 1024)).trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(text)) return unsized('svg');
  return null;
}

/**
 * JPEG: the segments after the start of image, each a marker and a length, until a start of frame (SOF0–SOF15
 * but DHT, JPG and DAC), which holds the height then the width. EXIF and ICC segments before it can be long.
 */
function jpegHeader(bytes: Uint8Array): ImageHeader {
  let i = 2;
  while (i + 4 <= bytes.length) {
    if (bytes[i] !== 0xff) return unsized('jpeg');
    const marker = bytes[i + 1]!;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2; // markers without a length
      continue;
    }
    const length = u16be(bytes, i + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame)
      return i + 9 <= bytes.length ? sized('jpeg', u16be(bytes, i + 7), u16be(bytes, i + 5)) : unsized('jpeg');
    if (marker === 0xda || length < 2) return unsized('jpeg'); // image data before any frame: not a well-formed JPEG
    i += 2 + length;
  }
  return unsized('jpeg');
}

/** WebP: a lossy (VP8), lossless (VP8L) or extended (VP8X) first chunk, each keeping the size its own way. */
function webpHeader(bytes: Uint8Array): ImageHeader {
  const chunk = ascii(bytes, 12, 4);
  if (chunk === 'VP8 ' && bytes.length >= 30 && bytes[23] === 0x9d && bytes[24] === 0x01 && bytes[25] === 0x2a)
    return sized('webp', u16le(bytes, 26) & 0x3fff, u16le(bytes, 28) & 0x3fff);
  if (chunk === 'VP8L' && bytes.length >= 25 && bytes[20] === 0x2f) {
    const bits = u32le(bytes, 21);
    return sized('webp', (bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8X' && bytes.length >= 30) return sized('webp', u24le(bytes, 24) + 1, u24le(bytes, 27) + 1);
  return unsized('webp');
}

/** TIFF: the first image file directory's ImageWidth (256) and ImageLength (257) entries. */
function tiffHeader(bytes: Uint8Array): ImageHeader {
  const little = bytes[0] === 0x49;
  const u16 = (i: number) => (little ? u16le(bytes, i) : u16be(bytes, i));
  const u32 = (i: number) => (little ? u32le(bytes, i) : u32be(bytes, i));
  const directory = u32(4);
  if (directory + 2 > bytes.length) return unsized('tiff');
  const entries = u16(directory);
  let width = 0;
  let height = 0;
  for (let n = 0; n < entries; n++) {
    const entry = directory + 2 + n * 12;
    if (entry + 12 > bytes.length) break;
    const tag = u16(entry);
    if (tag !== 256 && tag !== 257) continue;
    // SHORT (3) or LONG (4), the value in the entry itself.
    const value = u16(entry + 2) === 3 ? u16(entry + 8) : u32(entry + 8);
    if (tag === 256) width = value;
    else height = value;
  }
  return sized('tiff', width, height);
}
