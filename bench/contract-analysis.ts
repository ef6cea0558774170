/**
 * The contract summariser, as the server runs it (text from memory, then the built-in analyser; no
 * database, no HTTP). Part of `npm run bench` (bench/run.ts runs it in a child process started with
 * --expose-gc, so that the memory given back can be measured); on its own:
 * `node --expose-gc --import tsx bench/contract-analysis.ts`.
 *   - the largest contract of ../shared/fixtures/real-world/contracts/: time, and memory while and after;
 *   - an 8 MB PDF of 50,000 pages: refused from its page count before pdf.js opens it (docs/decisions/0053;
 *     before, opening it alone took 1.6 s and the extraction 1.9 s, with +110 MB of heap);
 *   - three 10 MB contracts (docs/decisions/0023): a PDF of 12 pages and a scanned annex, a DOCX with a
 *     9.9 MB image, and a PDF of 10 MB of text (about 7,000 pages, now over the page ceiling).
 * Medians of 3 runs; the budgets are in bench/budgets.json (contractSummariserMs, contractSummariserRetainedMiB).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { contractDocx, contractPdf, fakeJpeg, manyPagePdf } from '../tests/fixtures/contracts/contract-files';
import { LEASE_CONTRACT, SERVICE_CONTRACT } from '../tests/fixtures/contracts/contract-texts';
import { REAL_WORLD_DIR } from '../tests/support/real-world';
import { analyseContractText } from '~/modules/contracts/contract-analyser';
import { EXTRACTION_LIMITS, extractContractText } from '~/modules/contracts/extract-text.server';
import { runBenchInChild } from './child-run';

const TEN_MB = 10 * 1024 * 1024;
const RUNS = 3;
const MIB = 1024 * 1024;

export interface ContractRun {
  name: string;
  megabytes: number;
  medianMs: number;
  runsMs: number[];
  /** Heap and buffers held right after the last run, before a collection, over the baseline. */
  heldMiB: number;
  /** Still held after a full collection: what the summariser did not give back. */
  retainedMiB: number;
  outcome: string;
}

export interface ContractFigures {
  largest: ContractRun | null;
  manyPages: ContractRun;
  tenMegabytes: ContractRun[];
  gcExposed: boolean;
}

const gc = (globalThis as { gc?: () => void }).gc;

function used(): number {
  const m = process.memoryUsage();
  return m.heapUsed + m.external + m.arrayBuffers;
}

async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) {
    gc?.();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function measure(name: string, bytes: Uint8Array): Promise<ContractRun> {
  const runsMs: number[] = [];
  let outcome = '';
  let held = 0;
  // One run first, untimed: the modules (pdf.js, mammoth) load and compile once per process.
  await extractContractText(bytes).catch(() => null);
  await settle();
  const baseline = used();
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    try {
      const extracted = await extractContractText(bytes);
      const { sections } = analyseContractText(extracted.text);
      const read = extracted.truncated ? ('pagesRead' in extracted.truncated ? `, read ${extracted.truncated.pagesRead} pages` : ', read the start') : '';
      outcome = `${extracted.pages ?? '-'} pages${read}, ${sections.pontosPrincipais.length} main points`;
    } catch (error) {
      outcome = `refused: ${(error as { code?: string }).code ?? (error as Error).message}`;
    }
    runsMs.push(performance.now() - started);
    held = used() - baseline;
  }
  await settle();
  const retained = used() - baseline;
  runsMs.sort((a, b) => a - b);
  return { name, megabytes: bytes.length / MIB, medianMs: runsMs[Math.floor(RUNS / 2)]!, runsMs, heldMiB: held / MIB, retainedMiB: retained / MIB, outcome };
}

function largestRealContract(): { file: string; bytes: Uint8Array } | null {
  const dir = path.join(REAL_WORLD_DIR, 'contracts');
  if (!fs.existsSync(dir)) return null;
  const files = fs.readdirSync(dir).filter((name) => /\.(?:pdf|docx)$/.test(name));
  const largest = files.map((file) => ({ file, size: fs.statSync(path.join(dir, file)).size })).sort((a, b) => b.size - a.size)[0];
  return largest ? { file: largest.file, bytes: new Uint8Array(fs.readFileSync(path.join(dir, largest.file))) } : null;
}

async function tenMegabyteTextPdf(): Promise<Uint8Array> {
  // Each repeat of the two contracts is about 4 pages; add repeats until the file is 10 MB.
  const paragraphs = [...SERVICE_CONTRACT.paragraphs, ...LEASE_CONTRACT.paragraphs];
  const sample = await contractPdf(paragraphs, { repeat: 50 });
  const repeat = Math.floor((50 * TEN_MB * 0.98) / sample.length);
  return contractPdf(paragraphs, { repeat });
}

export async function measureContractSummariser(): Promise<ContractFigures> {
  const real = largestRealContract();
  const largest = real ? await measure(`largest real contract (${real.file})`, real.bytes) : null;
  const manyPages = await measure('PDF of 50,000 pages', manyPagePdf(50_000));
  const annex = fakeJpeg(TEN_MB - 200 * 1024);
  const paragraphs = [...SERVICE_CONTRACT.paragraphs, ...LEASE_CONTRACT.paragraphs];
  const tenMegabytes = [
    await measure('10 MB PDF: text and a scanned annex', await contractPdf(paragraphs, { jpeg: annex, repeat: 3 })),
    await measure('10 MB DOCX: text and an embedded image', contractDocx(paragraphs, { media: annex, repeat: 3 })),
    await measure('10 MB PDF of text only', await tenMegabyteTextPdf()),
  ];
  return { largest, manyPages, tenMegabytes, gcExposed: !!gc };
}

/** bench/run.ts: in a child process with --expose-gc, its figures through a JSON file. */
export function runContractSummariserInChild(workDir: string): Promise<ContractFigures> {
  return runBenchInChild<ContractFigures>(import.meta.url, { jsonFile: path.join(workDir, 'contract-summariser.json'), jsonVariable: 'BENCH_CONTRACT_JSON', nodeArgs: ['--expose-gc'], timeoutMinutes: 10 });
}

function line(run: ContractRun): string {
  return `${run.name.padEnd(52)} ${run.megabytes.toFixed(2).padStart(6)} MB  median ${run.medianMs.toFixed(0).padStart(5)} ms (${run.runsMs.map((r) => r.toFixed(0)).join(', ')})  held ${run.heldMiB.toFixed(1)} MiB, after GC ${run.retainedMiB.toFixed(1)} MiB  ${run.outcome}`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const figures = await measureContractSummariser();
  if (process.env.BENCH_CONTRACT_JSON) fs.writeFileSync(process.env.BENCH_CONTRACT_JSON, JSON.stringify(figures));
  console.log(`Contract summariser (PDF page limit ${EXTRACTION_LIMITS.pdfPages}, ceiling ${EXTRACTION_LIMITS.pdfMaxPages} pages)${figures.gcExposed ? '' : ' — run with --expose-gc for the memory after GC'}:`);
  for (const run of [figures.largest, figures.manyPages, ...figures.tenMegabytes]) if (run) console.log(line(run));
}
