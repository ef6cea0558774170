import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sectionsFromText } from '~/modules/contracts/analysis-text';
import { STAND_IN_ANALYSIS, startContractAnalysisStandIn, type ContractAnalysisStandIn } from '../../../tests/support/contract-analysis-stand-in';
import { ContractAnalysisError } from '~/integrations/contract-analysis/contract-analysis';
import { createOpenAiCompatibleAnalyser, MAX_PROMPT_CHARACTERS, SYSTEM_PROMPT } from '~/integrations/contract-analysis/openai-compatible.server';

let standIn: ContractAnalysisStandIn;
beforeAll(async () => {
  standIn = await startContractAnalysisStandIn();
});
afterAll(() => standIn.close());

const analyser = (timeoutMs = 2000) => createOpenAiCompatibleAnalyser({ url: standIn.url, apiKey: 'sk-test-123', model: 'gpt-test' }, { timeoutMs });

describe('the OpenAI-compatible contract analyser', () => {
  test('sends the prompt, the model and the Bearer key, and answers the analysis text', async () => {
    const text = 'CONTRATO DE LOCAÇÃO. '.repeat(10_000);
    const answer = await analyser().analyse({ text, fileName: 'locacao.pdf' });
    expect(answer).toBe(STAND_IN_ANALYSIS);
    expect(sectionsFromText(answer)).not.toBeNull();
    const request = standIn.requests.at(-1)!;
    expect(request.headers.authorization).toBe('Bearer sk-test-123');
    const body = request.body as { model: string; messages: Array<{ role: string; content: string }> };
    expect(body.model).toBe('gpt-test');
    expect(body.messages[0]).toEqual({ role: 'system', content: SYSTEM_PROMPT });
    expect(body.messages[1]!.content).toMatch(/^Analise o contrato do arquivo "locacao.pdf":/);
    // A long contract is cut to what a common context window takes.
    expect(body.messages[1]!.content.length).toBeLessThan(MAX_PROMPT_CHARACTERS + 100);
  });

  test.each([
    ['unauthorized', /recusou a chave \(HTTP 401\)/],
    ['server-error', /respondeu HTTP 500/],
    ['malformed-json', /não é JSON/],
  ] as const)('%s rejects with ContractAnalysisError', async (behaviour, message) => {
    standIn.next(behaviour);
    const error = await analyser().analyse({ text: 'contrato', fileName: 'a.pdf' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractAnalysisError);
    expect((error as Error).message).toMatch(message);
  });

  test('a service that does not answer is given up after the timeout', async () => {
    standIn.next('hang');
    const started = Date.now();
    const error = await analyser(300).analyse({ text: 'contrato', fileName: 'a.pdf' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractAnalysisError);
    expect((error as Error).message).toBe('O serviço de análise não respondeu em 300 ms');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  test('an answer without the five sections is text the caller refuses', async () => {
    standIn.next('without-sections');
    const answer = await analyser().analyse({ text: 'contrato', fileName: 'a.pdf' });
    expect(sectionsFromText(answer)).toBeNull();
  });
});
