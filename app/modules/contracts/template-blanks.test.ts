import { describe, expect, test } from 'vitest';
import { withoutCitedStatutes } from './cited-statutes';
import { analyseContractText } from './contract-analyser';
import { findTemplateBlanks, isTemplate } from './template-blanks';

describe('the blanks of a template', () => {
  test('merge fields, brackets, (xxx), stand-in names and underscores inside a line are blanks; a signature line is not', () => {
    const text = [
      'CONTRATANTE: [NOME], CPF nº ________, residente na Rua Nome, 10, Cidade/UF;',
      'CONTRATADA: {{razaoSocial}}, inscrita no CNPJ sob o nº 99.999.999/9999-99;',
      'O preço é de R$ (xxx) mensais, com multa de (xx%).',
      '__________________________________',
      'CONTRATANTE',
    ].join('\n');
    expect(findTemplateBlanks(text).map((b) => b.context)).toEqual([
      'CONTRATANTE: [NOME]',
      'CPF nº ____',
      'residente na Rua Nome',
      'Cidade/UF',
      'CONTRATADA: {{razaoSocial}}',
      'CNPJ sob o nº 99.999.999/9999-99',
      'preço é de R$ (xxx)',
      'com multa de (xx%)',
    ]);
  });

  test('a filled-in contract with signature lines and “Cadastro de Pessoas Físicas (CPF)” is not a template', () => {
    const text = [
      'CONTRATANTE: ANA PAULA REIS, inscrita no Cadastro de Pessoas Físicas (CPF) sob o nº 123.456.789-09.',
      'CLÁUSULA 1ª – O preço é de R$ 2.000,00 (dois mil reais).',
      'São Paulo, 10 de março de 2025.',
      '______________________________        ______________________________',
      'CONTRATANTE                           CONTRATADA',
    ].join('\n');
    expect(isTemplate(findTemplateBlanks(text))).toBe(false);
    expect(analyseContractText(text).findings.template).toBeNull();
  });
});

describe('statutes the contract cites', () => {
  test('a sentence about criminal law and a quoted article are blanked for the finders; a contractual fine that mentions penal sanctions stays', () => {
    const text = [
      'CLÁUSULA 5ª – A cópia do material é crime tipificado no art. 184 do Código Penal, o qual impõe pena de até 4 (quatro) anos de reclusão e multa.',
      'CLÁUSULA 6ª – Conforme a lei: “Art. 4º – O locatário poderá devolver o imóvel pagando a multa pactuada, com prazo de 30 dias de antecedência.”',
      'CLÁUSULA 7ª – A violação do sigilo sujeita a parte à multa de R$ 50.000,00 (cinquenta mil reais), sem prejuízo das sanções penais.',
    ].join('\n');
    const facts = withoutCitedStatutes(text);
    expect(facts).toHaveLength(text.length);
    expect(facts).not.toContain('4 (quatro) anos');
    expect(facts).not.toContain('30 dias');
    expect(facts).toContain('multa de R$ 50.000,00');
    const { findings } = analyseContractText(text);
    expect(findings.penalties.map((p) => p.clause)).toEqual(['Cláusula 7ª']);
    expect(findings.deadlines.map((d) => `${d.amount} ${d.unit}`)).toEqual([]);
  });
});
