import { randomBytes } from 'node:crypto';
import { crc32, createDeflate, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** Real image files for upload tests, made on the spot. */
export async function pngImage(width = 640, height = 400): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 40 } } })
    .png()
    .toBuffer();
}

/** A JPEG carrying EXIF data with a GPS position, which must not survive the upload. */
export async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 20, g: 120, b: 80 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Vidriera' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '32/1 53/1 0/1' },
    })
    .toBuffer();
}

/** A genuine PNG of random noise (incompressible), larger than 2 MB. */
export async function oversizePng(): Promise<Buffer> {
  const width = 1000;
  const height = 760;
  const png = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  if (png.length <= 2.1 * 1024 * 1024) throw new Error(`oversize image too small: ${png.length}`);
  return png;
}

export const SVG_IMAGE = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);
export const TEXT_AS_PNG = Buffer.from('Esto no es una imagen, aunque se llame foto.png\n');
export const HTML_AS_PNG = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export interface PngExtras {
  extra?: Buffer[];
  seed?: string | number;
}

/**
 * A genuine, tiny PNG (grey, all black) whose canvas is huge: what an attacker sends to make the server decode
 * width × height pixels from a few kilobytes. Built by hand because libvips cannot even create 49,000,000 × 1.
 * `extra` chunks go between the header and the pixels (text, a profile). `seed` varies the bytes (one text
 * chunk more) without changing the picture, so copies are different uploads.
 */
export function hugeCanvasPng(width: number, height: number, { extra = [], seed }: PngExtras = {}): Buffer {
  const seeded = seed === undefined ? [] : [pngChunk('tEXt', Buffer.from(`Comment\0${seed}`, 'latin1'))];
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  // Each row: filter byte 0, then width zero bytes. All zeros deflate to almost nothing.
  const raw = Buffer.alloc((width + 1) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    ...seeded,
    ...extra,
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A zTXt chunk (compressed PNG text) whose text inflates to `inflatedBytes` while the chunk itself stays small
 * (about a thousandth): the decompression bomb inside a harmless-looking 1 × 1 image. Compressed as a stream,
 * so making a gigabyte of text never holds it in memory.
 */
export async function hugeTextChunk(inflatedBytes: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  const block = Buffer.alloc(Math.min(inflatedBytes, 16 * 1024 * 1024), 0x41);
  for (let written = 0; written < inflatedBytes; written += block.length) {
    const slice = block.subarray(0, Math.min(block.length, inflatedBytes - written));
    if (!deflate.write(slice)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  await new Promise((resolve) => deflate.end(resolve));
  return pngChunk('zTXt', Buffer.concat([Buffer.from('Comment\0\0', 'latin1'), ...parts]));
}
