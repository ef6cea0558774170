import { ANALYSIS_SECTIONS, SECTION_LIMITS, type AnalysisSectionKey, type AnalysisSections } from './contract-analysis';

/** A language model's answer, read into the five sections (docs/decisions/0024). */

function normaliseTitle(title: string): string {
  return title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const TITLE_KEYS = new Map<string, AnalysisSectionKey>(ANALYSIS_SECTIONS.map((s) => [normaliseTitle(s.title), s.key]));
TITLE_KEYS.set('datas e prazos criticos', 'datasEPrazos');
TITLE_KEYS.set('datas e prazos', 'datasEPrazos');
TITLE_KEYS.set('pontos de atencao', 'pontosDeAtencao');
TITLE_KEYS.set('recomendacao', 'recomendacoes');

/**
 * The five sections of an analysis written as text with bold headings ('**Resumo Executivo**' or
 * '## Resumo Executivo'), as the product's language-model prompt asks for; null unless every section
 * is there with some content (a malformed answer falls back to the built-in analyser).
 */
export function sectionsFromText(text: string): AnalysisSections | null {
  const sections: AnalysisSections = { resumoExecutivo: [], pontosPrincipais: [], pontosDeAtencao: [], datasEPrazos: [], recomendacoes: [] };
  const seen = new Set<AnalysisSectionKey>();
  let current: AnalysisSectionKey | null = null;
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (!line) continue;
    const heading = /^(?:#{1,6}\s*)?(?:\d+[.)]\s*)?\*\*(.+?)\*\*:?\s*$|^#{1,6}\s*(?:\d+[.)]\s*)?(.+?):?\s*$/.exec(line);
    const key = heading ? TITLE_KEYS.get(normaliseTitle(heading[1] ?? heading[2] ?? '')) : undefined;
    if (key) {
      current = key;
      seen.add(key);
      continue;
    }
    if (!current) continue;
    const item = line
      .replace(/^(?:[-*•]|\d+[.)])\s+/, '')
      .replace(/\*\*(.+?)\*\*/g, '$1')
      .trim();
    if (item && sections[current].length < SECTION_LIMITS.items) sections[current].push(item.slice(0, SECTION_LIMITS.itemLength));
  }
  const complete = ANALYSIS_SECTIONS.every((s) => seen.has(s.key) && sections[s.key].length > 0);
  return complete ? sections : null;
}
