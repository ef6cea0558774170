import { describe, expect, test } from 'vitest';
import { sectionsFromText } from './analysis-text';

const ANSWER = `Segue a análise.

**Resumo Executivo**
Contrato de locação residencial entre João e Mariana (Cláusula 1ª).

**Pontos Principais**
- Aluguel de **R$ 2.800,00** (Cláusula 3ª)
- Reajuste pelo IGP-M (Cláusula 4ª)

## Pontos de Atenção
1. Multa de três aluguéis (Cláusula 6ª)

**Datas e Prazos Críticos:**
* 01/03/2025 – início (Cláusula 2ª)

**Recomendações**
- Guarde os comprovantes.`;

describe('the five sections of a language model’s answer', () => {
  test('are read from bold or markdown headings, items without their bullets and bold markers', () => {
    expect(sectionsFromText(ANSWER)).toEqual({
      resumoExecutivo: ['Contrato de locação residencial entre João e Mariana (Cláusula 1ª).'],
      pontosPrincipais: ['Aluguel de R$ 2.800,00 (Cláusula 3ª)', 'Reajuste pelo IGP-M (Cláusula 4ª)'],
      pontosDeAtencao: ['Multa de três aluguéis (Cláusula 6ª)'],
      datasEPrazos: ['01/03/2025 – início (Cláusula 2ª)'],
      recomendacoes: ['Guarde os comprovantes.'],
    });
  });

  test('an answer missing a section, or with an empty one, is not an analysis', () => {
    expect(sectionsFromText(ANSWER.replace('**Recomendações**\n- Guarde os comprovantes.', ''))).toBeNull();
    expect(sectionsFromText(ANSWER.replace('- Guarde os comprovantes.', ''))).toBeNull();
    expect(sectionsFromText('Não consigo analisar este documento.')).toBeNull();
  });
});
