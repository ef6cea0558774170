import { describe, expect, test } from 'vitest';
import { analyseContractText } from './contract-analyser';

// Clauses the CDC holds abusive are flagged only in a consumer contract, and only with the words that
// make them abusive (docs/decisions/0053).

const consumer = (...clauses: string[]) =>
  [
    'TERMOS DE USO DO CURSO ONLINE',
    'CONTRATADA: ESCOLA DIGITAL LTDA., inscrita no CNPJ sob o nº 11.222.333/0001-81.',
    'CONTRATANTE: a pessoa física que adere a estes termos ao clicar em “comprar agora”.',
    ...clauses.map((c, i) => `CLÁUSULA ${i + 1}ª – ${c}`),
  ].join('\n');

describe('abusive clauses (CDC)', () => {
  test('a waiver of rights, an exoneration “ainda que” by the supplier’s fault, no withdrawal at all, a unilateral price: each flagged with its clause and basis', () => {
    const { findings, sections } = analyseContractText(
      consumer(
        'O CONTRATANTE renuncia a qualquer direito de indenização.',
        'A CONTRATADA não será responsável por falhas da plataforma, ainda que decorrentes de erro próprio.',
        'Não haverá direito de arrependimento em nenhuma hipótese.',
        'A CONTRATADA poderá alterar unilateralmente o valor das parcelas.',
      ),
    );
    expect(findings.consumer).toBe(true);
    expect(findings.abusiveClauses.map((a) => [a.clause, a.basis])).toEqual([
      ['Cláusula 1ª', 'art. 51, I, do CDC'],
      ['Cláusula 2ª', 'art. 51, I, do CDC'],
      ['Cláusula 3ª', 'art. 49, do CDC'],
      ['Cláusula 4ª', 'art. 51, X, do CDC'],
    ]);
    expect(sections.resumoExecutivo.join('\n')).not.toContain('proteções básicas');
  });

  test('the lawful versions are not flagged: no liability for what is not its fault, withdrawal ended after the 7 days of art. 49', () => {
    const { findings } = analyseContractText(
      consumer(
        'A CONTRATADA não se responsabiliza por problemas técnicos do equipamento do CONTRATANTE que não tenham ocorrido por sua causa.',
        'O CONTRATANTE poderá desistir da compra em 7 (sete) dias, com reembolso integral; após esse prazo, fica vedado o direito de arrependimento.',
        'Fica eleito o foro do domicílio do CONTRATANTE.',
      ),
    );
    expect(findings.abusiveClauses).toEqual([]);
  });

  test('between two companies, or in a residential lease, the CDC’s list is not applied', () => {
    const b2b = analyseContractText(
      [
        'CONTRATO DE LICENÇA DE SOFTWARE',
        'CONTRATANTE: ALFA LTDA., inscrita no CNPJ sob o nº 11.222.333/0001-81, que adere a estas condições.',
        'CONTRATADA: BETA S.A., inscrita no CNPJ sob o nº 44.555.666/0001-81.',
        'CLÁUSULA 1ª – A indenização devida pela CONTRATADA fica limitada ao valor pago nos últimos 12 meses.',
      ].join('\n'),
    );
    expect(b2b.findings.parties.filter((p) => p.taxIdKind === 'CNPJ')).toHaveLength(2);
    expect(b2b.findings.consumer).toBe(false);
    expect(b2b.findings.abusiveClauses).toEqual([]);
  });
});
