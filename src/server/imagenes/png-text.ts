import { constants, inflateSync } from 'node:zlib';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The most a PNG's compressed side chunks (zTXt, compressed iTXt, iCCP) may inflate to, all together. Real
 * photos carry at most an ICC profile and some XMP, far below this; the re-encode drops them anyway, except the
 * colours the profile describes.
 */
export const MAX_PNG_INFLATED_TEXT_BYTES = 1024 * 1024;

/**
 * Where the compressed bytes of a chunk start, for the chunk types that hold compressed text or a profile;
 * null for every other chunk (and for an iTXt that is stored uncompressed).
 *   zTXt, iCCP: keyword NUL, method, data.  iTXt: keyword NUL, flag, method, language NUL, keyword NUL, text.
 */
function compressedStart(type: string, data: Buffer): number | null {
  const keywordEnd = data.indexOf(0);
  if (keywordEnd < 0) return null;
  if (type === 'zTXt' || type === 'iCCP') return keywordEnd + 2;
  if (type !== 'iTXt' || data[keywordEnd + 1] !== 1) return null;
  const languageEnd = data.indexOf(0, keywordEnd + 3);
  const translatedEnd = languageEnd < 0 ? -1 : data.indexOf(0, languageEnd + 1);
  return translatedEnd < 0 ? null : translatedEnd + 1;
}

/**
 * True when the file is a PNG whose compressed text chunks inflate past MAX_PNG_INFLATED_TEXT_BYTES. A 2 MB file
 * can hold gigabytes of text that way, and the decoder inflates it while only reading the header, once per chunk,
 * for any canvas size (even 1 × 1). Inflating here stops at the bound, so this check costs at most that much.
 * Walks the chunk headers only; a file that is not a PNG, or is cut short, is left to the decoder to judge. A
 * compressed chunk that cannot be inflated at all counts as too large: no real writer makes one.
 */
export function pngTextTooLarge(bytes: Buffer): boolean {
  if (bytes.length < 8 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return false;
  let budget = MAX_PNG_INFLATED_TEXT_BYTES;
  for (let at = 8; at + 8 <= bytes.length;) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const data = bytes.subarray(at + 8, Math.min(bytes.length, at + 8 + length));
    at += 12 + length;
    const start = compressedStart(type, data);
    if (start === null) continue;
    try {
      // A stream cut short counts for what it inflates to (sync flush: no error for the missing end).
      budget -= inflateSync(data.subarray(start), {
        maxOutputLength: budget + 1,
        finishFlush: constants.Z_SYNC_FLUSH,
      }).length;
    } catch {
      // Over the bound, or corrupt data whose size cannot be known without inflating it all: refused alike.
      return true;
    }
    if (budget < 0) return true;
  }
  return false;
}
