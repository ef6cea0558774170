import { zipSync, strToU8 } from 'fflate';
import { describe, expect, test } from 'vitest';
import { contractDocx, contractPdf, corruptPdf, encryptedPdf, fakeJpeg, manyPagePdf, pdfBomb, pngImage, scannedPdf, zipBombDocx } from '../../../tests/fixtures/contracts/contract-files';
import { LEASE_CONTRACT } from '../../../tests/fixtures/contracts/contract-texts';
import { AppError } from '~/lib/app-error';
import { CONTRACT_MESSAGES, sniffContractFormat } from './contract-rules';
import { checkDocxPackage } from './docx-package.server';
import { EXTRACTION_LIMITS, extractContractText } from './extract-text.server';

async function refusal(bytes: Uint8Array): Promise<AppError> {
  const error = await extractContractText(bytes).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('reading a contract file from memory', () => {
  test('the format comes from the first bytes, never from the name', () => {
    expect(sniffContractFormat(strToU8('%PDF-1.7\n…'))).toBe('pdf');
    expect(sniffContractFormat(strToU8('\n\n  %PDF-1.4'))).toBe('pdf');
    expect(sniffContractFormat(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0]))).toBe('docx');
    expect(sniffContractFormat(pngImage())).toBeNull();
    expect(sniffContractFormat(strToU8('{\\rtf1 contrato'))).toBeNull();
    expect(sniffContractFormat(new Uint8Array())).toBeNull();
  });

  test('a PDF and a DOCX give the contract text', async () => {
    const pdf = await extractContractText(await contractPdf(LEASE_CONTRACT.paragraphs));
    expect(pdf).toMatchObject({ format: 'pdf', pages: 1, truncated: null });
    expect(pdf.text).toContain('CLÁUSULA 3ª – DO ALUGUEL');
    const docx = await extractContractText(contractDocx(LEASE_CONTRACT.paragraphs));
    expect(docx).toMatchObject({ format: 'docx', pages: null, truncated: null });
    expect(docx.text).toContain('O aluguel mensal é de R$ 2.800,00 (dois mil e oitocentos reais)');
  });

  test('an image renamed .pdf is not a supported format (415)', async () => {
    const error = await refusal(pngImage());
    expect(error).toMatchObject({ message: 'Formato não suportado. Use apenas PDF ou DOCX.', status: 415, field: 'arquivo' });
  });

  test('a zip that is not a Word document (a spreadsheet) is not a supported format either', async () => {
    const xlsx = zipSync({ '[Content_Types].xml': strToU8('<Types/>'), 'xl/workbook.xml': strToU8('<workbook/>') });
    expect((await refusal(xlsx)).message).toBe(CONTRACT_MESSAGES.unsupported);
  });

  test('a corrupt PDF is refused with the file-reading message (422)', async () => {
    const error = await refusal(await corruptPdf());
    expect(error.status).toBe(422);
    expect(error.message).toMatch(/^Erro ao processar o arquivo\. O PDF está corrompido/);
  });

  test('a password-protected PDF says so', async () => {
    const error = await refusal(encryptedPdf());
    expect(error).toMatchObject({ status: 422, code: 'pdf_encrypted', message: CONTRACT_MESSAGES.encrypted });
  });

  test('a scanned PDF (an image, no text layer) gets a clear message', async () => {
    const error = await refusal(await scannedPdf(fakeJpeg(50_000)));
    expect(error).toMatchObject({ status: 422, code: 'pdf_without_text', message: CONTRACT_MESSAGES.scanned });
  });

  test('a corrupt DOCX (a zip cut short) is refused', async () => {
    const whole = contractDocx(LEASE_CONTRACT.paragraphs);
    const error = await refusal(whole.slice(0, Math.floor(whole.length / 2)));
    expect(error).toMatchObject({ status: 422, message: CONTRACT_MESSAGES.corruptDocx });
  });

  test('a zip bomb renamed .docx never reaches mammoth: by its declared sizes, or by inflating when it lies about them', async () => {
    for (const lie of [false, true]) {
      const bomb = zipBombDocx({ lie });
      expect(bomb.length).toBeLessThan(1024 * 1024);
      const started = performance.now();
      const error = await refusal(bomb);
      expect(error).toMatchObject({ status: 422, code: 'docx_too_large_uncompressed', message: CONTRACT_MESSAGES.zipBomb });
      // Refused from the zip's directory (or by a bounded inflate), not after unpacking 96 MiB.
      expect(performance.now() - started).toBeLessThan(1000);
    }
    expect(() => checkDocxPackage(zipBombDocx({ lie: true }))).toThrow(CONTRACT_MESSAGES.zipBomb);
  });

  test('a PDF whose content stream unpacks to 48 MiB is refused before pdf.js inflates it', async () => {
    const bomb = pdfBomb();
    expect(bomb.length).toBeLessThan(200 * 1024);
    const error = await refusal(bomb);
    expect(error).toMatchObject({ status: 422, code: 'pdf_too_large_uncompressed', message: CONTRACT_MESSAGES.pdfBomb });
  });

  test('an 8 MB PDF of 50,000 pages is refused from its page count, before pdf.js opens it (which alone took 1.6 s)', async () => {
    const bytes = manyPagePdf(50_000);
    expect(bytes.length).toBeGreaterThan(7 * 1024 * 1024);
    const started = performance.now();
    const error = await refusal(bytes);
    const elapsed = performance.now() - started;
    expect(error).toMatchObject({ status: 422, code: 'pdf_too_many_pages', message: CONTRACT_MESSAGES.tooManyPages });
    expect(CONTRACT_MESSAGES.tooManyPages).toBe('Erro ao processar o arquivo. Este PDF tem mais de 1.000 páginas, mais do que um contrato: envie apenas o contrato e seus anexos principais.');
    expect(elapsed).toBeLessThan(1000);
  });

  test(`a PDF of ${EXTRACTION_LIMITS.pdfMaxPages} pages, the most a contract may have, is still read (its first pages)`, async () => {
    const extracted = await extractContractText(manyPagePdf(EXTRACTION_LIMITS.pdfMaxPages), { readingMs: 60_000 });
    expect(extracted).toMatchObject({ pages: EXTRACTION_LIMITS.pdfMaxPages, truncated: { pagesRead: EXTRACTION_LIMITS.pdfPages, totalPages: EXTRACTION_LIMITS.pdfMaxPages } });
    expect(extracted.text).toContain('CLAUSULA PRIMEIRA - DO OBJETO');
  });

  test('a long PDF is read up to its page limit and says how much was read', async () => {
    const pages = EXTRACTION_LIMITS.pdfPages + 10;
    const paragraphs = Array.from({ length: pages }, (_, i) => `Página ${i + 1}. ${'Texto do anexo técnico com especificações. '.repeat(3)}`);
    const pdf = await contractPdf(paragraphs.flatMap((p) => [p, ...Array(40).fill('.')]));
    // The page limit, not the reading time (a busy machine would stop earlier): no time limit here.
    const extracted = await extractContractText(pdf, { readingMs: Number.POSITIVE_INFINITY });
    expect(extracted.truncated).toEqual({ pagesRead: EXTRACTION_LIMITS.pdfPages, totalPages: extracted.pages });
    expect(extracted.pages).toBeGreaterThan(EXTRACTION_LIMITS.pdfPages);
  }, 60_000);
});
