import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { EXPECTED_CONTRACTS } from '../../../tests/fixtures/contracts/contracts-expected';
import { REAL_WORLD_DIR } from '../../../tests/support/real-world';
import { analyseContractText, type ContractFindings } from './contract-analyser';
import type { AnalysisSections } from './contract-analysis';
import { extractContractText } from './extract-text.server';
import { formatCents, parseBrlNumber } from './written-numbers';

// The nine real contracts of ../shared/fixtures/real-world/contracts/ (their sources in the README
// there), read by the project's extractor and analysed as the server does. Each is checked against
// the facts a lawyer wrote down from it (tests/fixtures/contracts/contracts-expected.ts): the findings
// and the five sections the page shows state those facts, or say they cannot, and nothing else.

const DIR = path.join(REAL_WORLD_DIR, 'contracts');
type Analysed = { findings: ContractFindings; sections: AnalysisSections };
const analysed = new Map<string, Analysed>();
const everything = (s: AnalysisSections) => Object.values(s).flat().join('\n');

beforeAll(async () => {
  for (const { file } of EXPECTED_CONTRACTS) {
    // Read whole whatever the machine's load (the reading-time limit is extract-text's own test).
    const extracted = await extractContractText(new Uint8Array(fs.readFileSync(path.join(DIR, file))), { readingMs: 60_000 });
    expect(extracted.truncated).toBeNull();
    analysed.set(file, analyseContractText(extracted.text));
  }
}, 60_000);

test('every contract of the corpus has its expected facts written down', () => {
  expect(fs.readdirSync(DIR).filter((name) => /\.(?:pdf|docx)$/.test(name)).sort()).toEqual(EXPECTED_CONTRACTS.map((c) => c.file).sort());
});

describe.each(EXPECTED_CONTRACTS)('$file', (expected) => {
  const of = () => analysed.get(expected.file)!;

  test('the value: the one the contract sets, or “não identificado”/“em branco”; no amount that is not in the text', () => {
    const { findings, sections } = of();
    const summary = sections.resumoExecutivo.join('\n');
    if (expected.value) {
      expect(summary).toContain(`Valor principal: ${formatCents(expected.value.cents)}`);
      expect(summary).toMatch(new RegExp(`Valor principal: [^\\n]*\\(${expected.value.clause}\\)\\.`));
    } else {
      expect(summary).toMatch(/Valor principal: (?:não identificado no texto\.|em branco no modelo)/);
    }
    expect([...new Set(findings.values.map((v) => v.cents))].sort()).toEqual([...expected.amounts].sort());
    for (const figure of everything(sections).matchAll(/R\$\s?(\d[\d.]*(?:,\d{1,2})?)/g)) {
      expect(expected.amounts, `${figure[0]} stated`).toContain(parseBrlNumber(figure[1]!));
    }
    expect(findings.values.filter((v) => v.wordsMismatch)).toEqual([]);
  });

  test('the parties: each with its CPF/CNPJ as written and its check, none invented', () => {
    const { findings, sections } = of();
    expect(findings.parties.map((p) => ({ role: p.role, taxId: p.taxId }))).toEqual(expected.parties.map((p) => ({ role: p.role, taxId: p.taxId })));
    findings.parties.forEach((party, i) => {
      expect(party.name.startsWith(expected.parties[i]!.name), `${party.name}`).toBe(true);
      if (expected.parties[i]!.taxIdValid !== undefined) expect(party.taxIdValid).toBe(expected.parties[i]!.taxIdValid);
    });
    const partyPoints = sections.pontosPrincipais.filter((p) => p.startsWith('Parte:'));
    expect(partyPoints).toHaveLength(expected.parties.length);
    for (const party of expected.parties) {
      expect(partyPoints.some((p) => p.startsWith(`Parte: ${party.name}`) && p.includes(party.taxId ?? 'sem CPF ou CNPJ no texto'))).toBe(true);
      if (party.taxIdValid === false) expect(sections.pontosDeAtencao.some((p) => p.includes(`${party.taxId} de ${party.name}`) && p.includes('dígitos verificadores inválidos'))).toBe(true);
    }
    if (expected.parties.length === 0) expect(sections.resumoExecutivo).toContain('Partes: não foi possível identificá-las pelo nome no texto.');
  });

  test('the term: the contract’s own, or “não identificada”/“em branco”', () => {
    const { findings, sections } = of();
    const summary = sections.resumoExecutivo.join('\n');
    if (expected.term) {
      expect(findings.term).toMatchObject(expected.term);
      expect(summary).toContain(`Vigência: ${expected.term.text} (${expected.term.clause}).`);
    } else {
      expect(findings.term).toBeNull();
      expect(summary).toMatch(/Vigência: (?:não identificada no texto\.|em branco no modelo)/);
    }
  });

  test('the court: the comarca chosen, or “não identificado”/“em branco”', () => {
    const { sections } = of();
    const summary = sections.resumoExecutivo.join('\n');
    if (expected.court) expect(summary).toContain(`Foro: ${expected.court.text} (${expected.court.clause}).`);
    else expect(summary).toMatch(/Foro: (?:não identificado no texto\.|comarca em branco no modelo)/);
  });

  test('a template is said to be one and its blanks are listed; a filled-in contract is not called a template', () => {
    const { findings, sections } = of();
    const summary = sections.resumoExecutivo.join('\n');
    if (expected.template) {
      expect(findings.template).not.toBeNull();
      expect(summary).toMatch(/Este documento é um modelo a preencher, não um contrato preenchido: tem \d+ campos em branco/);
      const listed = sections.pontosDeAtencao.filter((p) => p.startsWith('Campos em branco a preencher:')).join('\n');
      for (const blank of expected.template.blanks) expect(listed, blank).toContain(blank);
    } else {
      expect(findings.template).toBeNull();
      expect(everything(sections)).not.toMatch(/modelo a preencher|Campos em branco/);
    }
  });

  test('clauses the consumer law holds abusive are attention points with their clause, and then the contract is never called protective', () => {
    const { findings, sections } = of();
    expect(findings.abusiveClauses.map((a) => a.clause)).toEqual(expected.abusive);
    const points = sections.pontosDeAtencao.filter((p) => p.startsWith('Cláusula abusiva pelo Código de Defesa do Consumidor ('));
    expect(points.map((p) => /\((Cláusula \d+ª)\)\.$/.exec(p)?.[1])).toEqual(expected.abusive);
    if (expected.abusive.length > 0) {
      expect(sections.resumoExecutivo.join('\n')).toContain(`Atenção: ${expected.abusive.length} cláusula`);
      expect(everything(sections)).not.toContain('proteções básicas');
    }
  });

  test('clauses are counted; renewal is flagged; nothing the contract does not say is stated', () => {
    const { findings, sections } = of();
    expect(findings.clauseCount).toBe(expected.clauseCount);
    if (expected.automaticRenewal) {
      expect(findings.renewal).toMatchObject({ automatic: true, clause: expected.automaticRenewal });
      expect(sections.pontosDeAtencao).toContain(`Renovação automática: anote o prazo para comunicar que não deseja renovar, ou o contrato continua valendo (${expected.automaticRenewal}).`);
    } else {
      expect(findings.renewal?.automatic ?? false).toBe(false);
    }
    for (const pattern of expected.neverStated) expect(everything(sections)).not.toMatch(pattern);
  });
});

describe('what the corpus shows in particular', () => {
  test('R$ 19000.0 (Desenove Mil reais) is R$ 19.000,00, figure and words agreeing', () => {
    const { findings, sections } = analysed.get('compromisso-compra-venda-imovel.pdf')!;
    expect(findings.values).toEqual([expect.objectContaining({ cents: 1_900_000, text: 'R$ 19000.0', words: 'Desenove Mil reais', wordsMismatch: false, clause: 'Cláusula 1ª' })]);
    expect(sections.pontosPrincipais).toContain('Valor: R$ 19.000,00 (Desenove Mil reais) – preço (Cláusula 1ª).');
  });

  test('a guarantor’s 120 days of liability after release are a deadline for the guarantor, not the lease’s term', () => {
    const { findings, sections } = analysed.get('locacao-residencial-modelo.docx')!;
    expect(findings.term).toBeNull();
    expect(findings.deadlines).toContainEqual(expect.objectContaining({ amount: 120, unit: 'dias', purpose: 'fiança', clause: 'Cláusula 13ª' }));
    expect(sections.datasEPrazos).toContain('Prazo de 120 dias – fiança (Cláusula 13ª).');
    expect(findings.guarantee).toMatchObject({ kind: 'fiança', clause: 'Cláusula 11ª' });
    expect(findings.readjustment).toMatchObject({ index: 'IGP-M', clause: 'Cláusula 7ª' });
  });

  test('the Penal Code cited in the course terms gives no fine and no 4-year deadline', () => {
    const { findings } = analysed.get('curso-online.pdf')!;
    expect(findings.penalties).toEqual([]);
    expect(findings.deadlines.map((d) => `${d.amount} ${d.unit}`)).not.toContain('4 anos');
    expect(findings.governingLaw).toMatchObject({ clause: 'Cláusula 10ª' });
  });

  test('the one-sided change clause is an abusive clause, not a notice period', () => {
    const { findings } = analysed.get('servicos-clausulas-abusivas.pdf')!;
    expect(findings.noticePeriod).toBeNull();
    expect(findings.abusiveClauses.find((a) => a.clause === 'Cláusula 3ª')).toMatchObject({ rules: expect.arrayContaining(['preco-unilateral', 'alteracao-unilateral']) });
    expect(findings.abusiveClauses.find((a) => a.clause === 'Cláusula 9ª')).toMatchObject({ rules: ['arrependimento'], basis: 'art. 49, do CDC' });
    expect(findings.exitPenalties.map((p) => p.clause)).toEqual(['Cláusula 5ª']);
  });
});
