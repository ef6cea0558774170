import { z } from 'zod';
import type { ContractAnalysisConfig } from '~/config.server';
import { ContractAnalysisError, type ContractAnalysisService } from './contract-analysis';

/**
 * The contract analysis through an OpenAI-compatible chat-completions endpoint (`CONTRACT_ANALYSIS_URL`,
 * with `CONTRACT_ANALYSIS_API_KEY` as a Bearer token and `CONTRACT_ANALYSIS_MODEL`): OpenAI itself,
 * Azure OpenAI, or a local server (llama.cpp, vLLM, Ollama) that speaks the same API. Any failure
 * (network, timeout, a status other than 2xx, a body that is not the expected JSON) rejects with
 * ContractAnalysisError, and the caller answers with the built-in analyser instead.
 */

/** Whole request, connection to last byte. Under the page's own deadline, so the fallback still has time. */
export const DEFAULT_CONTRACT_ANALYSIS_TIMEOUT_MS = 25_000;

/** The most characters of contract sent: about 30,000 tokens, within common context windows. */
export const MAX_PROMPT_CHARACTERS = 120_000;

export const SYSTEM_PROMPT = [
  'Você é um advogado brasileiro experiente que analisa contratos para leigos e pequenas empresas.',
  'Responda em português do Brasil, com exatamente estas cinco seções, nesta ordem, cada título em negrito numa linha própria:',
  '**Resumo Executivo**, **Pontos Principais**, **Pontos de Atenção**, **Datas e Prazos Críticos**, **Recomendações**.',
  'Em cada seção, escreva itens curtos começando com "- ". Cite em cada item a cláusula de onde ele vem, entre parênteses, por exemplo (Cláusula 3ª).',
  'Aponte as proteções que faltam (foro, multa, rescisão, reajuste, proteção de dados pela LGPD quando houver dados pessoais).',
  'Não invente fatos que não estão no texto. Não prometa resultados.',
].join('\n');

const completionSchema = z.object({
  choices: z
    .array(z.object({ message: z.object({ content: z.string().min(1) }) }))
    .min(1),
});

export function createOpenAiCompatibleAnalyser(config: ContractAnalysisConfig, { timeoutMs = DEFAULT_CONTRACT_ANALYSIS_TIMEOUT_MS }: { timeoutMs?: number } = {}): ContractAnalysisService {
  return {
    async analyse({ text, fileName }) {
      const body = {
        model: config.model,
        temperature: 0.1,
        messages: [
          { role: 'system', content: SYSTEM_PROMPT },
          { role: 'user', content: `Analise o contrato do arquivo "${fileName.slice(0, 200)}":\n\n${text.slice(0, MAX_PROMPT_CHARACTERS)}` },
        ],
      };
      let response: Response;
      let raw: string;
      try {
        response = await fetch(config.url, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Accept: 'application/json',
            ...(config.apiKey ? { Authorization: `Bearer ${config.apiKey}` } : {}),
          },
          body: JSON.stringify(body),
          // The key is never replayed to another host.
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        });
        raw = await response.text();
      } catch (error) {
        const name = (error as Error | null)?.name;
        if (name === 'TimeoutError' || name === 'AbortError') throw new ContractAnalysisError(`O serviço de análise não respondeu em ${timeoutMs} ms`, { cause: error });
        throw new ContractAnalysisError(`Falha ao conectar com o serviço de análise: ${(error as Error | null)?.message ?? String(error)}`, { cause: error });
      }
      if (response.status === 401 || response.status === 403) throw new ContractAnalysisError(`O serviço de análise recusou a chave (HTTP ${response.status})`);
      if (response.status < 200 || response.status >= 300) throw new ContractAnalysisError(`O serviço de análise respondeu HTTP ${response.status}: ${raw.slice(0, 200)}`);
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch (error) {
        throw new ContractAnalysisError('O serviço de análise respondeu algo que não é JSON', { cause: error });
      }
      const parsed = completionSchema.safeParse(json);
      if (!parsed.success) throw new ContractAnalysisError('O serviço de análise respondeu sem o texto da análise');
      return parsed.data.choices[0]!.message.content;
    },
  };
}
