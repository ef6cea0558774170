import { inflateSync } from 'node:zlib';
import { AppError } from '~/lib/app-error';
import { CONTRACT_MESSAGES } from './contract-rules';

/**
 * The PDF counterpart of the DOCX zip check (docs/decisions/0023): pdf.js inflates a page's content
 * stream whole, so a 10 MB PDF whose content stream unpacks to gigabytes would take the process's
 * memory. Before pdf.js opens the file, every compressed (FlateDecode) stream that is not an image (the
 * text extraction never decodes images) is inflated here with a ceiling per stream and for the file.
 * Streams that are damaged are left to pdf.js, which refuses the file if it needs them.
 */

export const PDF_STREAM_LIMITS = { streamBytes: 32 * 1024 * 1024, totalBytes: 128 * 1024 * 1024 } as const;

function bomb(): AppError {
  return new AppError(CONTRACT_MESSAGES.pdfBomb, { status: 422, code: 'pdf_too_large_uncompressed', field: 'arquivo' });
}

/**
 * Checks the compressed streams (above) and answers the number of pages the file declares: the largest
 * /Count of its page-tree nodes ('/Type /Pages'), in the file or in its compressed object streams, or
 * null when none is found. Read before pdf.js parses anything: pdf.js's cost grows with the page tree
 * (an 8 MB PDF of 50,000 pages took 1.6 s only to open), so a file with far more pages than a contract
 * is refused before it is opened (docs/decisions/0053).
 */
export function checkPdfStreams(bytes: Uint8Array, { maxPages = Number.POSITIVE_INFINITY }: { maxPages?: number } = {}): { declaredPages: number | null } {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = buffer.toString('latin1');
  let declaredPages = pageTreeCount(text);
  // Over the ceiling already: nothing more to read (the streams are not even inflated).
  if (declaredPages !== null && declaredPages > maxPages) return forgetLastMatch({ declaredPages });
  let total = 0;
  const streamStart = /stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = streamStart.exec(text)) !== null) {
    const dataStart = match.index + match[0].length;
    if (match.index >= 3 && text.startsWith('end', match.index - 3)) continue;
    const end = text.indexOf('endstream', dataStart);
    if (end === -1) break;
    streamStart.lastIndex = end + 'endstream'.length;
    // The stream's dictionary: from its object header to the keyword.
    const objectAt = text.lastIndexOf(' obj', match.index);
    const dictionary = text.slice(objectAt === -1 ? Math.max(0, match.index - 2000) : objectAt, match.index);
    if (!/\/(?:FlateDecode|Fl)\b/.test(dictionary) || /\/Subtype\s*\/Image\b/.test(dictionary)) continue;
    const remaining = PDF_STREAM_LIMITS.totalBytes - total;
    try {
      const inflated = inflateSync(buffer.subarray(dataStart, end), { maxOutputLength: Math.min(PDF_STREAM_LIMITS.streamBytes, remaining) + 1, finishFlush: 2 /* Z_SYNC_FLUSH: tolerate a missing end */ });
      total += inflated.length;
      if (inflated.length > PDF_STREAM_LIMITS.streamBytes || total > PDF_STREAM_LIMITS.totalBytes) throw bomb();
      // An object stream may hold the page tree.
      if (/\/Type\s*\/ObjStm\b/.test(dictionary)) {
        const inner = pageTreeCount(inflated.toString('latin1'));
        if (inner !== null) declaredPages = Math.max(declaredPages ?? 0, inner);
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof RangeError || (error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw bomb();
      // A damaged stream: pdf.js decides.
    }
  }
  return forgetLastMatch({ declaredPages });
}

/**
 * V8 keeps the last string a regular expression matched (RegExp.input, a legacy static): without a
 * match on something small, the file's 10 MB latin1 copy would stay alive until the next match elsewhere.
 */
function forgetLastMatch<T>(result: T): T {
  /^/.exec('');
  return result;
}

/** The largest /Count of the page-tree nodes in the text, or null. */
function pageTreeCount(text: string): number | null {
  let largest: number | null = null;
  for (const match of text.matchAll(/\/Type\s*\/Pages\b/g)) {
    // The node's dictionary: from its start to its end (its Kids may come before /Count).
    const from = Math.max(0, text.lastIndexOf('<<', match.index));
    const endAt = text.indexOf('endobj', match.index);
    const scope = text.slice(from, endAt === -1 ? Math.min(text.length, match.index + 4_000_000) : endAt);
    const count = /\/Count\s+(\d{1,9})\b/.exec(scope);
    if (count) largest = Math.max(largest ?? 0, Number(count[1]));
  }
  return largest;
}
