/**
 * `npx tsx bench/contract-analysis.ts`: how long the contract summariser takes on 10 MB files, as the
 * server does it (text from memory, then the built-in analyser; no database, no HTTP). Not part of
 * `npm run bench`: it only needs the modules. Three shapes of a 10 MB contract:
 *   - a PDF of 12 pages of text and a scanned annex (one 9.9 MB image): the usual heavy contract;
 *   - a DOCX with the same text and a 9.9 MB image in word/media;
 *   - a PDF that is 10 MB of text only (about 7,000 pages): the worst case, read up to the page limit.
 * Prints the median of 3 runs of each; the budget is 3 s (docs/product-rules.md, "Free tools").
 */
import { contractDocx, contractPdf, fakeJpeg } from '../tests/fixtures/contracts/contract-files';
import { LEASE_CONTRACT, SERVICE_CONTRACT } from '../tests/fixtures/contracts/contract-texts';
import { analyseContractText } from '~/modules/contracts/contract-analyser';
import { EXTRACTION_LIMITS, extractContractText } from '~/modules/contracts/extract-text.server';

const TEN_MB = 10 * 1024 * 1024;
const BUDGET_MS = 3000;
const RUNS = 3;

async function tenMegabyteTextPdf(): Promise<Uint8Array> {
  // Each repeat of the two contracts is about 4 pages; add repeats until the file is 10 MB.
  const paragraphs = [...SERVICE_CONTRACT.paragraphs, ...LEASE_CONTRACT.paragraphs];
  const sample = await contractPdf(paragraphs, { repeat: 50 });
  const repeat = Math.floor((50 * TEN_MB * 0.98) / sample.length);
  return contractPdf(paragraphs, { repeat });
}

async function time(name: string, bytes: Uint8Array) {
  const runs: number[] = [];
  let note = '';
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const extracted = await extractContractText(bytes);
    const { sections } = analyseContractText(extracted.text);
    runs.push(performance.now() - started);
    note = `${extracted.pages ?? '-'} pages, ${extracted.truncated ? `read ${'pagesRead' in extracted.truncated ? `${extracted.truncated.pagesRead} pages` : 'the start'}, ` : ''}${sections.pontosPrincipais.length} main points`;
  }
  runs.sort((a, b) => a - b);
  const median = runs[Math.floor(RUNS / 2)]!;
  console.log(`${name.padEnd(44)} ${(bytes.length / 1024 / 1024).toFixed(2).padStart(6)} MB  median ${median.toFixed(0).padStart(5)} ms  (${runs.map((r) => r.toFixed(0)).join(', ')})  ${median <= BUDGET_MS ? 'met' : 'NOT MET'}  ${note}`);
  return median;
}

const annex = fakeJpeg(TEN_MB - 200 * 1024);
const heavyPdf = await contractPdf([...SERVICE_CONTRACT.paragraphs, ...LEASE_CONTRACT.paragraphs], { jpeg: annex, repeat: 3 });
const heavyDocx = contractDocx([...SERVICE_CONTRACT.paragraphs, ...LEASE_CONTRACT.paragraphs], { media: annex, repeat: 3 });
const textPdf = await tenMegabyteTextPdf();
console.log(`10 MB contracts, budget ${BUDGET_MS} ms, PDF page limit ${EXTRACTION_LIMITS.pdfPages}:`);
await time('PDF: text and a scanned annex', heavyPdf);
await time('DOCX: text and an embedded image', heavyDocx);
await time('PDF: 10 MB of text (worst case)', textPdf);
