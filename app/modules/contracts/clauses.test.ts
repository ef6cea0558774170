import { describe, expect, test } from 'vitest';
import { analyseContractText } from './contract-analyser';
import { splitClauses } from './clauses';

// Clauses as real contracts number them: each style is counted, and each finding cites its clause.
const BODY = ['O preço é de R$ 1.000,00 (mil reais), pago na assinatura.', 'O prazo de entrega é de 10 (dez) dias úteis.', 'Fica eleito o foro da Comarca de Santos/SP.'];

describe('numbered clauses', () => {
  test.each([
    ['1º -', (n: number) => `${n}º - `],
    ['CLÁUSULA PRIMEIRA', (n: number) => `CLÁUSULA ${['PRIMEIRA', 'SEGUNDA', 'TERCEIRA'][n - 1]} – `],
    ['Cláusula - 9ª.', (n: number) => `Cláusula - ${n}ª. `],
    ['1.', (n: number) => `${n}. `],
    ['1)', (n: number) => `${n}) `],
  ])('“%s” clauses are counted and cited', (_style, number) => {
    const text = ['CONTRATO DE PRESTAÇÃO DE SERVIÇOS', 'As partes contratam o seguinte:', ...BODY.map((body, i) => `${number(i + 1)}${body}`)].join('\n');
    const { findings, sections } = analyseContractText(text);
    expect(findings.clauseCount).toBe(3);
    expect(sections.resumoExecutivo[0]).toMatch(/, com 3 cláusulas numeradas\.$/);
    expect(findings.values[0]).toMatchObject({ cents: 100_000, clause: 'Cláusula 1ª' });
    expect(findings.jurisdiction).toMatchObject({ comarca: 'Santos/SP', clause: 'Cláusula 3ª' });
  });

  test('a list that does not run 1, 2, 3 is not taken for clauses; a text without numbers says so', () => {
    expect(splitClauses('Condições:\n3) Multa de 10%.\n7) Juros de 1% ao mês.').every((c) => c.number === null)).toBe(true);
    expect(analyseContractText(`Recibo. Recebi a quantia de R$ 500,00 (quinhentos reais) pela venda de uma bicicleta.`).sections.resumoExecutivo[0]).toMatch(/sem cláusulas numeradas\.$/);
  });
});
