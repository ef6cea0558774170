import { inflateRawSync } from 'node:zlib';
import { AppError } from '~/lib/app-error';
import { CONTRACT_MESSAGES } from './contract-rules';

/**
 * Checks a DOCX (a zip) before mammoth opens it, from memory: the central directory must be readable,
 * name a Word document, and declare sizes within the limits below; then every part mammoth reads (all
 * but word/media/) is inflated here with its declared size as the ceiling, so a zip that lies about its
 * sizes is refused too. A zip bomb never reaches mammoth (docs/decisions/0023).
 */

/** The most entries, total declared uncompressed bytes, and bytes of the parts mammoth reads. */
export const DOCX_LIMITS = { entries: 2_000, totalBytes: 64 * 1024 * 1024, textPartsBytes: 12 * 1024 * 1024, ratio: 200 } as const;

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;

function corrupt(cause?: unknown): AppError {
  return new AppError(CONTRACT_MESSAGES.corruptDocx, { status: 422, code: 'docx_corrupt', field: 'arquivo', cause });
}

function bomb(): AppError {
  return new AppError(CONTRACT_MESSAGES.zipBomb, { status: 422, code: 'docx_too_large_uncompressed', field: 'arquivo' });
}

/** The central directory's entries; throws the Portuguese refusal for anything not a plain zip. */
export function readZipEntries(zip: Uint8Array): ZipEntry[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw corrupt();
  const count = view.getUint16(eocd + 10, true);
  const directorySize = view.getUint32(eocd + 12, true);
  const directoryOffset = view.getUint32(eocd + 16, true);
  // ZIP64 (sizes of 0xFFFFFFFF) is never needed by a document within 10 MB.
  if (count === 0xffff || directoryOffset === 0xffffffff || directoryOffset + directorySize > eocd) throw corrupt();
  if (count > DOCX_LIMITS.entries) throw bomb();
  const decoder = new TextDecoder();
  const entries: ZipEntry[] = [];
  let at = directoryOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > eocd || view.getUint32(at, true) !== CENTRAL_SIGNATURE) throw corrupt();
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const entry: ZipEntry = {
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      uncompressedSize: view.getUint32(at + 24, true),
      localHeaderOffset: view.getUint32(at + 42, true),
      name: decoder.decode(zip.subarray(at + 46, at + 46 + nameLength)),
    };
    if (entry.compressedSize === 0xffffffff || entry.uncompressedSize === 0xffffffff) throw bomb();
    entries.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** True when the zip is a Word document (has word/document.xml); throws the refusal for a zip bomb or a damaged zip. */
export function checkDocxPackage(zip: Uint8Array): boolean {
  const entries = readZipEntries(zip);
  if (!entries.some((e) => e.name === 'word/document.xml')) return false;
  let total = 0;
  let textParts = 0;
  for (const entry of entries) {
    total += entry.uncompressedSize;
    const readByMammoth = !entry.name.startsWith('word/media/') && !entry.name.endsWith('/');
    if (readByMammoth) textParts += entry.uncompressedSize;
    if (entry.compressedSize > 0 && entry.uncompressedSize / entry.compressedSize > DOCX_LIMITS.ratio && entry.uncompressedSize > 1024 * 1024) throw bomb();
  }
  if (total > DOCX_LIMITS.totalBytes || textParts > DOCX_LIMITS.textPartsBytes) throw bomb();
  for (const entry of entries) {
    if (entry.name.startsWith('word/media/') || entry.name.endsWith('/')) continue;
    inflatedSizeWithin(zip, entry);
  }
  return true;
}

/** Inflates one entry with its declared size as the ceiling: more output means the zip lied. */
function inflatedSizeWithin(zip: Uint8Array, entry: ZipEntry): void {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const at = entry.localHeaderOffset;
  if (at + 30 > zip.length || view.getUint32(at, true) !== LOCAL_SIGNATURE) throw corrupt();
  const dataStart = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const data = zip.subarray(dataStart, dataStart + entry.compressedSize);
  if (entry.method === 0) {
    if (entry.compressedSize !== entry.uncompressedSize) throw bomb();
    return;
  }
  if (entry.method !== 8) throw corrupt();
  let inflated: Buffer;
  try {
    inflated = inflateRawSync(data, { maxOutputLength: Math.max(entry.uncompressedSize, 1) });
  } catch (error) {
    if (error instanceof RangeError || (error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw bomb();
    throw corrupt(error);
  }
  if (inflated.length !== entry.uncompressedSize) throw bomb();
}
