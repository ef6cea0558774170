/**
 * The shape of a contract's analysis as the page shows it: the five sections the specification names,
 * each a list of short paragraphs. Both analysers answer it: the built-in one
 * (contract-analyser.ts) and an external language model (its text parsed by `sectionsFromText` in
 * analysis-text.ts, kept apart so the page's JavaScript does not carry it). Browser-safe.
 */

export const ANALYSIS_SECTIONS = [
  { key: 'resumoExecutivo', title: 'Resumo Executivo' },
  { key: 'pontosPrincipais', title: 'Pontos Principais' },
  { key: 'pontosDeAtencao', title: 'Pontos de Atenção' },
  { key: 'datasEPrazos', title: 'Datas e Prazos Críticos' },
  { key: 'recomendacoes', title: 'Recomendações' },
] as const;

export type AnalysisSectionKey = (typeof ANALYSIS_SECTIONS)[number]['key'];
export type AnalysisSections = Record<AnalysisSectionKey, string[]>;

export interface ContractAnalysisResult {
  sections: AnalysisSections;
  /** Who wrote it: the built-in analyser, or the configured language model. */
  source: 'builtin' | 'external';
  /** A note about what was read ('Foram analisadas as primeiras 150 de 400 páginas.'), or null. */
  note: string | null;
}

/** The most characters of one item and the most items of a section that are kept from any analyser. */
export const SECTION_LIMITS = { items: 40, itemLength: 1200 } as const;
