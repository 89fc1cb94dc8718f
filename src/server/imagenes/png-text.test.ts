import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { hugeCanvasPng, hugeTextChunk } from '#test/server/imagenes';
import { MAX_PNG_INFLATED_TEXT_BYTES, pngTextTooLarge } from './png-text';

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
}
const text = (bytes: number) => deflateSync(Buffer.alloc(bytes, 0x61));
const zTXt = (bytes: number) => chunk('zTXt', Buffer.concat([Buffer.from('Comment\0\0', 'latin1'), text(bytes)]));
const iCCP = (bytes: number) => chunk('iCCP', Buffer.concat([Buffer.from('icc\0\0', 'latin1'), text(bytes)]));
const iTXt = (bytes: number, compressed: boolean) =>
  chunk(
    'iTXt',
    Buffer.concat([
      Buffer.from(`XML:com.adobe.xmp\0${compressed ? '\x01' : '\x00'}\0es\0\0`, 'latin1'),
      compressed ? text(bytes) : Buffer.alloc(bytes, 0x61),
    ]),
  );

describe('compressed text in a PNG', () => {
  it('lets through text, profiles and metadata within the bound, and files that are not PNGs', () => {
    expect(pngTextTooLarge(hugeCanvasPng(10, 10))).toBe(false);
    expect(pngTextTooLarge(hugeCanvasPng(10, 10, { extra: [zTXt(1000), iCCP(3000), iTXt(5000, true)] }))).toBe(false);
    // Stored uncompressed, text costs no more than its own bytes.
    expect(pngTextTooLarge(hugeCanvasPng(10, 10, { extra: [iTXt(2 * MAX_PNG_INFLATED_TEXT_BYTES, false)] }))).toBe(
      false,
    );
    expect(pngTextTooLarge(Buffer.from('GIF89a not a png'))).toBe(false);
    expect(pngTextTooLarge(Buffer.alloc(0))).toBe(false);
  });

  it('refuses one chunk, or many together, that inflate past the bound, whatever the kind', async () => {
    expect(pngTextTooLarge(hugeCanvasPng(1, 1, { extra: [await hugeTextChunk(64 * 1024 * 1024)] }))).toBe(true);
    const over = MAX_PNG_INFLATED_TEXT_BYTES + 1;
    expect(pngTextTooLarge(hugeCanvasPng(1, 1, { extra: [zTXt(over)] }))).toBe(true);
    expect(pngTextTooLarge(hugeCanvasPng(1, 1, { extra: [iCCP(over)] }))).toBe(true);
    expect(pngTextTooLarge(hugeCanvasPng(1, 1, { extra: [iTXt(over, true)] }))).toBe(true);
    const quarter = MAX_PNG_INFLATED_TEXT_BYTES / 4;
    expect(pngTextTooLarge(hugeCanvasPng(1, 1, { extra: [zTXt(quarter), zTXt(quarter), zTXt(quarter)] }))).toBe(false);
    expect(pngTextTooLarge(hugeCanvasPng(1, 1, { extra: Array.from({ length: 5 }, () => zTXt(quarter)) }))).toBe(true);
    // After the pixels too: a decoder reads the chunks that follow them.
    const png = hugeCanvasPng(1, 1);
    const withTrailer = Buffer.concat([png.subarray(0, png.length - 12), zTXt(over), png.subarray(png.length - 12)]);
    expect(pngTextTooLarge(withTrailer)).toBe(true);
  });

  it('refuses compressed data that cannot be inflated, and accepts a stream cut short for what it holds', () => {
    const corrupt = chunk('zTXt', Buffer.concat([Buffer.from('Comment\0\0', 'latin1'), Buffer.from('not zlib data')]));
    expect(pngTextTooLarge(hugeCanvasPng(1, 1, { extra: [corrupt] }))).toBe(true);
    const cut = text(1000).subarray(0, 6);
    const truncated = chunk('zTXt', Buffer.concat([Buffer.from('Comment\0\0', 'latin1'), cut]));
    expect(pngTextTooLarge(hugeCanvasPng(1, 1, { extra: [truncated] }))).toBe(false);
  });
});
