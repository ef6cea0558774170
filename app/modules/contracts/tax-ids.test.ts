import { describe, expect, test } from 'vitest';
import { realWorldText } from '../../../tests/support/real-world';
import { analyseContractText } from './contract-analyser';
import { findTaxIds } from './tax-ids';

// The CNPJ vectors of ../shared/fixtures/real-world/cnpj-vectors.json (numeric and, from July 2026,
// alphanumeric), found in a contract's text and checked through app/lib/cnpj.ts.
const vectors = JSON.parse(realWorldText('cnpj-vectors.json')) as { valid: Array<{ v: string }>; invalid: Array<{ v: string }> };

describe('CNPJs in a contract', () => {
  test.each(vectors.valid.map((x) => x.v))('“inscrita no CNPJ sob o nº %s” is found and valid', (cnpj) => {
    const [id] = findTaxIds(`ALFA LTDA., inscrita no CNPJ sob o nº ${cnpj}, com sede em São Paulo.`);
    expect(id).toMatchObject({ kind: 'CNPJ', text: cnpj, valid: true });
  });

  const shaped = (v: string) => /^[0-9A-Z]{12}\d{2}$/.test(v.replace(/[./-]/g, ''));
  test.each(vectors.invalid.map((x) => x.v).filter(shaped))('“CNPJ nº %s” is found and its check digits refused', (cnpj) => {
    const ids = findTaxIds(`BETA S.A., CNPJ nº ${cnpj}, com sede em Curitiba.`);
    expect(ids).toEqual([expect.objectContaining({ kind: 'CNPJ', text: cnpj, valid: false })]);
  });

  test.each(vectors.invalid.map((x) => x.v).filter((v) => !shaped(v)))('“CNPJ nº %s” does not have a CNPJ’s shape and is not read as one', (cnpj) => {
    expect(findTaxIds(`BETA S.A., CNPJ nº ${cnpj}, com sede em Curitiba.`)).toEqual([]);
  });

  test('an alphanumeric CNPJ names its party, and a wrong one is an attention point', () => {
    const text = [
      'CONTRATO DE PRESTAÇÃO DE SERVIÇOS',
      'CONTRATANTE: NOVA ERA COMÉRCIO LTDA., inscrita no CNPJ sob o nº 12.ABC.345/01DE-35, com sede em São Paulo/SP.',
      'CONTRATADA: DELTA SERVIÇOS LTDA., inscrita no CNPJ sob o nº 12.ABC.345/01DE-36, com sede em Campinas/SP.',
      'CLÁUSULA 1ª – DO OBJETO',
      'O presente contrato tem por objeto a manutenção de sistemas.',
    ].join('\n');
    const { findings, sections } = analyseContractText(text);
    expect(findings.parties.map((p) => [p.name, p.role, p.taxId, p.taxIdValid])).toEqual([
      ['NOVA ERA COMÉRCIO LTDA.', 'CONTRATANTE', '12.ABC.345/01DE-35', true],
      ['DELTA SERVIÇOS LTDA.', 'CONTRATADA', '12.ABC.345/01DE-36', false],
    ]);
    expect(sections.pontosDeAtencao).toContain('O CNPJ 12.ABC.345/01DE-36 de DELTA SERVIÇOS LTDA. tem dígitos verificadores inválidos: confira o número antes de assinar (Preâmbulo).');
  });
});
