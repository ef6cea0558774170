/**
 * An outside contract analyser (a language model): it gets the contract's text and answers the
 * analysis as text with the five bold section headings. The built-in analyser is the default and the
 * fallback (app/modules/contracts/contracts.server.ts); this interface only describes the outside one.
 */
export interface ContractAnalysisService {
  /** The analysis text; rejects with ContractAnalysisError when the service fails or answers nonsense. */
  analyse(input: { text: string; fileName: string }): Promise<string>;
}

export class ContractAnalysisError extends Error {
  override name = 'ContractAnalysisError';
}
