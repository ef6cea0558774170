import mammoth from 'mammoth';
import { getDocumentProxy } from 'unpdf';
import { AppError } from '~/lib/app-error';
import { CONTRACT_MESSAGES, PDF_MAX_PAGES, sniffContractFormat, type ContractFormat } from './contract-rules';
import { checkDocxPackage } from './docx-package.server';
import { checkPdfStreams } from './pdf-streams.server';

/**
 * The text of a contract file, read from memory (nothing is written to disk): PDF through unpdf (its
 * bundled pdf.js), DOCX through mammoth after the package check. The format comes from the content,
 * never from the name. Every refusal is an AppError with the Portuguese message (status 415 or 422).
 */

/**
 * Pages read from a PDF, characters kept, and how long a PDF is read (from opening it): a contract fits
 * well within; a longer file is cut, and the analysis says how much was read. The time limit keeps a
 * 10 MB PDF of text alone (thousands of pages) within the summariser's 3 s (docs/decisions/0023). A
 * PDF that declares more than `pdfMaxPages` pages is refused before pdf.js opens it (docs/decisions/0053):
 * opening alone costs in proportion to the page tree, and no contract has that many pages.
 */
export const EXTRACTION_LIMITS = { pdfPages: 150, characters: 400_000, pdfReadingMs: 1800, pdfMaxPages: PDF_MAX_PAGES } as const;

/** Fewer letters than this, over the pages read, is a scan without a text layer. */
const MIN_LETTERS = 40;

export interface ExtractedText {
  format: ContractFormat;
  text: string;
  /** Pages of a PDF (null for DOCX). */
  pages: number | null;
  /** Pages (or characters) left out because the file passes the limits; null when all was read. */
  truncated: { pagesRead: number; totalPages: number } | { charactersRead: number } | null;
}

function unsupported(): AppError {
  return new AppError(CONTRACT_MESSAGES.unsupported, { status: 415, code: 'contract_unsupported_format', field: 'arquivo' });
}

/** `readingMs`: how long a PDF's pages are read after the first (EXTRACTION_LIMITS.pdfReadingMs). */
export async function extractContractText(bytes: Uint8Array, { readingMs = EXTRACTION_LIMITS.pdfReadingMs }: { readingMs?: number } = {}): Promise<ExtractedText> {
  const format = sniffContractFormat(bytes);
  if (format === 'pdf') return extractPdf(bytes, readingMs);
  if (format === 'docx') return extractDocx(bytes);
  throw unsupported();
}

async function extractPdf(bytes: Uint8Array, readingMs: number): Promise<ExtractedText> {
  const deadline = performance.now() + readingMs;
  const { declaredPages } = checkPdfStreams(bytes, { maxPages: EXTRACTION_LIMITS.pdfMaxPages });
  if (declaredPages !== null && declaredPages > EXTRACTION_LIMITS.pdfMaxPages) {
    throw new AppError(CONTRACT_MESSAGES.tooManyPages, { status: 422, code: 'pdf_too_many_pages', field: 'arquivo' });
  }
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // pdf.js may detach the buffer it is given: hand it a copy, and no font or worker loading.
    pdf = await getDocumentProxy(bytes.slice(), { isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 });
  } catch (error) {
    const name = (error as { name?: string } | null)?.name;
    if (name === 'PasswordException') throw new AppError(CONTRACT_MESSAGES.encrypted, { status: 422, code: 'pdf_encrypted', field: 'arquivo' });
    throw new AppError(CONTRACT_MESSAGES.corruptPdf, { status: 422, code: 'pdf_corrupt', field: 'arquivo', cause: error });
  }
  try {
    const totalPages = pdf.numPages;
    const pagesToRead = Math.min(totalPages, EXTRACTION_LIMITS.pdfPages);
    const pages: string[] = [];
    let characters = 0;
    // The first page is always read; the others while there is time and room.
    for (let number = 1; number <= pagesToRead && characters < EXTRACTION_LIMITS.characters && (number === 1 || performance.now() < deadline); number++) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str;
        if (item.hasEOL) text += '\n';
      }
      page.cleanup();
      pages.push(text);
      characters += text.length;
    }
    const text = pages.join('\n').slice(0, EXTRACTION_LIMITS.characters);
    if (countLetters(text) < MIN_LETTERS) throw new AppError(CONTRACT_MESSAGES.scanned, { status: 422, code: 'pdf_without_text', field: 'arquivo' });
    const truncated = pages.length < totalPages ? { pagesRead: pages.length, totalPages } : null;
    return { format: 'pdf', text, pages: totalPages, truncated };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(CONTRACT_MESSAGES.corruptPdf, { status: 422, code: 'pdf_corrupt', field: 'arquivo', cause: error });
  } finally {
    await pdf.destroy();
  }
}

async function extractDocx(bytes: Uint8Array): Promise<ExtractedText> {
  // A zip that is not a Word document (an .xlsx, a plain archive) is not a supported format.
  if (!checkDocxPackage(bytes)) throw unsupported();
  let value: string;
  try {
    ({ value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) }));
  } catch (error) {
    throw new AppError(CONTRACT_MESSAGES.corruptDocx, { status: 422, code: 'docx_corrupt', field: 'arquivo', cause: error });
  }
  if (countLetters(value) < MIN_LETTERS) throw new AppError(CONTRACT_MESSAGES.noText, { status: 422, code: 'docx_without_text', field: 'arquivo' });
  const truncated = value.length > EXTRACTION_LIMITS.characters ? { charactersRead: EXTRACTION_LIMITS.characters } : null;
  return { format: 'docx', text: value.slice(0, EXTRACTION_LIMITS.characters), pages: null, truncated };
}

function countLetters(text: string): number {
  return text.match(/\p{L}/gu)?.length ?? 0;
}
