import { getConfig } from '~/config.server';
import { db } from '~/db/client.server';
import { toolLeads } from '~/db/schema/tools';
import type { ContractAnalysisService } from '~/integrations/contract-analysis/contract-analysis';
import { createOpenAiCompatibleAnalyser } from '~/integrations/contract-analysis/openai-compatible.server';
import { backgroundLog } from '~/lib/log.server';
import { AppError } from '~/lib/app-error';
import { hitRateLimit, retryAfterSeconds, tooManyAttemptsMessage } from '~/lib/rate-limit.server';
import { analyseContractText } from './contract-analyser';
import { sectionsFromText } from './analysis-text';
import type { ContractAnalysisResult } from './contract-analysis';
import type { ContractContact } from './contracts.schemas';
import { extractContractText, type ExtractedText } from './extract-text.server';

/**
 * The contract summariser (docs/product-rules.md, "Free tools"): the per-IP limit, the text of the file
 * (from memory; the file is never written anywhere nor kept), the analysis by the configured language
 * model or, by default and whenever it fails, the built-in analyser, and the visitor's contact stored
 * as a tool lead. Refusals are AppErrors with the Portuguese message.
 */

/** Analyses per client IP per hour: the same rule for the page with or without JavaScript. */
export const CONTRACT_ANALYSES_PER_HOUR = 12;
const HOUR_MS = 60 * 60_000;

export interface AnalyseContractInput {
  file: File;
  contact: ContractContact;
}

export interface AnalyseContractOptions {
  clientIp: string;
  now?: Date;
  /** The outside analyser; default: the one configured by CONTRACT_ANALYSIS_URL, or none. */
  service?: ContractAnalysisService | null;
}

export function contractAnalysisLimitKey(clientIp: string): string {
  return `contract-analysis:ip:${clientIp}`;
}

export async function analyseContract({ file, contact }: AnalyseContractInput, { clientIp, now = new Date(), service = configuredService() }: AnalyseContractOptions): Promise<ContractAnalysisResult> {
  const key = contractAnalysisLimitKey(clientIp);
  const count = await hitRateLimit(key, HOUR_MS, now);
  const blocked = retryAfterSeconds([{ key, max: CONTRACT_ANALYSES_PER_HOUR + 1 }], new Map([[key, count]]), now);
  if (blocked !== null) throw new AppError(tooManyAttemptsMessage(blocked), { status: 429, code: 'contract_analysis_rate_limited', retryAfter: blocked });

  // Read into memory: the multipart body was already buffered by the server (server/request-body.ts).
  const bytes = new Uint8Array(await file.arrayBuffer());
  const extracted = await extractContractText(bytes);
  const result = await analyseText(extracted, file.name, service);
  await db.insert(toolLeads).values({ tool: 'sumarizador-contratos', email: contact.email, empresa: contact.empresa, telefone: contact.telefone, createdAt: now });
  return result;
}

async function analyseText(extracted: ExtractedText, fileName: string, service: ContractAnalysisService | null): Promise<ContractAnalysisResult> {
  const note = extractionNote(extracted);
  if (service) {
    try {
      const sections = sectionsFromText(await service.analyse({ text: extracted.text, fileName }));
      if (sections) return { sections, source: 'external', note };
      backgroundLog().warn('Análise de contrato externa sem as cinco seções; usada a análise interna');
    } catch (error) {
      backgroundLog().warn({ err: error }, 'Análise de contrato externa falhou; usada a análise interna');
    }
  }
  return { sections: analyseContractText(extracted.text).sections, source: 'builtin', note };
}

function extractionNote(extracted: ExtractedText): string | null {
  if (!extracted.truncated) return null;
  if ('totalPages' in extracted.truncated) return `O arquivo tem ${extracted.truncated.totalPages} páginas: foram analisadas as primeiras ${extracted.truncated.pagesRead}.`;
  return 'O documento é muito longo: foi analisado o início do texto.';
}

let configured: { service: ContractAnalysisService | null } | undefined;

function configuredService(): ContractAnalysisService | null {
  configured ??= { service: getConfig().contractAnalysis ? createOpenAiCompatibleAnalyser(getConfig().contractAnalysis!) : null };
  return configured.service;
}
