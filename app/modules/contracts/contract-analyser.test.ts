import { beforeAll, describe, expect, test } from 'vitest';
import { contractDocx, contractPdf } from '../../../tests/fixtures/contracts/contract-files';
import { CONTRACTS, EMPLOYMENT_CONTRACT, IDS, LEASE_CONTRACT, NDA_CONTRACT, PURCHASE_CONTRACT, SERVICE_CONTRACT, type ContractText } from '../../../tests/fixtures/contracts/contract-texts';
import { analyseContractText, type ContractFindings } from './contract-analyser';
import type { AnalysisSections } from './contract-analysis';
import { extractContractText } from './extract-text.server';

// Each test contract is generated as PDF and DOCX, its text extracted as the server does, and the
// analysis checked on both: what a reader of the contract would list, with the clause it comes from.

type Analysed = { findings: ContractFindings; sections: AnalysisSections };
const analysed = new Map<string, Analysed>();

beforeAll(async () => {
  for (const contract of CONTRACTS) {
    const pdf = await extractContractText(await contractPdf(contract.paragraphs));
    const docx = await extractContractText(contractDocx(contract.paragraphs));
    expect(pdf.format).toBe('pdf');
    expect(docx.format).toBe('docx');
    analysed.set(`${contract.name}.pdf`, analyseContractText(pdf.text));
    analysed.set(`${contract.name}.docx`, analyseContractText(docx.text));
  }
}, 60_000);

const FORMATS = ['pdf', 'docx'] as const;
const of = (contract: ContractText, format: (typeof FORMATS)[number]) => analysed.get(`${contract.name}.${format}`)!;
const all = (sections: AnalysisSections) => Object.values(sections).flat().join('\n');

describe.each(FORMATS)('the built-in analyser on a %s', (format) => {
  test('service contract: companies with CNPJ, monthly price, IPCA, renewal, notice, dates, deadlines, foro; no LGPD clause though it keeps customer data', () => {
    const { findings, sections } = of(SERVICE_CONTRACT, format);
    expect(findings.kind).toBe('prestacao_servicos');
    expect(findings.parties).toEqual([
      expect.objectContaining({ name: 'ALFA COMÉRCIO DE ALIMENTOS LTDA.', role: 'CONTRATANTE', taxIdKind: 'CNPJ', taxId: IDS.alfa, taxIdValid: true, clause: 'Preâmbulo' }),
      expect.objectContaining({ name: 'BETA DESENVOLVIMENTO DE SISTEMAS LTDA.', role: 'CONTRATADA', taxIdKind: 'CNPJ', taxId: IDS.betaDev, taxIdValid: true }),
    ]);
    // The partner who signs for the company is not a party.
    expect(findings.parties.map((p) => p.taxId)).not.toContain(IDS.representante);
    expect(findings.object).toMatchObject({ clause: 'Cláusula 1ª' });
    expect(findings.object!.excerpt).toMatch(/^O presente contrato tem por objeto a prestação/);
    expect(findings.values[0]).toMatchObject({ cents: 850_000, words: 'oito mil e quinhentos reais', wordsMismatch: false, purpose: 'preço mensal', clause: 'Cláusula 2ª' });
    expect(findings.dates.map((d) => [d.iso, d.purpose, d.clause])).toEqual([
      ['2025-01-20', 'assinatura', 'Local e data'],
      ['2025-02-01', 'início', 'Cláusula 3ª'],
      ['2026-01-31', 'término', 'Cláusula 3ª'],
    ]);
    expect(findings.deadlines.map((d) => `${d.amount} ${d.unit} (${d.clause})`)).toEqual(
      expect.arrayContaining(['12 meses (Cláusula 3ª)', '5 dias úteis (Cláusula 5ª)', '10 dias corridos (Cláusula 5ª)', '30 dias (Cláusula 6ª)', '2 anos (Cláusula 7ª)']),
    );
    expect(findings.term).toMatchObject({ text: '12 meses', clause: 'Cláusula 3ª' });
    expect(findings.renewal).toMatchObject({ automatic: true, clause: 'Cláusula 3ª' });
    expect(findings.readjustment).toMatchObject({ index: 'IPCA', clause: 'Cláusula 4ª' });
    expect(findings.interest).toMatchObject({ monthlyPercent: 1, clause: 'Cláusula 2ª' });
    expect(findings.penalties.map((p) => p.clause)).toEqual(['Cláusula 2ª', 'Cláusula 6ª']);
    expect(findings.termination).toMatchObject({ clause: 'Cláusula 6ª' });
    expect(findings.noticePeriod).toMatchObject({ days: 30, clause: 'Cláusula 6ª' });
    expect(findings.confidentiality).toMatchObject({ clause: 'Cláusula 7ª' });
    expect(findings.jurisdiction).toMatchObject({ comarca: 'São Paulo/SP', clause: 'Cláusula 8ª' });
    expect(findings.dataProtection).toBeNull();
    expect(sections.pontosDeAtencao).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/dados pessoais, mas não tem cláusula de proteção de dados \(LGPD/),
        'Renovação automática: anote o prazo para comunicar que não deseja renovar, ou o contrato continua valendo (Cláusula 3ª).',
      ]),
    );
    expect(sections.pontosPrincipais).toContain('Reajuste pelo IPCA: O valor mensal será reajustado anualmente pela variação acumulada do IPCA/IBGE, ou de outro índice que venha a substituí-lo. (Cláusula 4ª)');
    expect(sections.datasEPrazos).toContain('31 de janeiro de 2026 – término (Cláusula 3ª).');
  });

  test('residential lease: people with CPF, rent and deposit, IGP-M, 30 months from 1 March 2025, three rents of fine, foro of Curitiba', () => {
    const { findings, sections } = of(LEASE_CONTRACT, format);
    expect(findings.kind).toBe('locacao');
    expect(findings.parties.map((p) => [p.name, p.role, p.taxIdKind, p.taxId])).toEqual([
      ['JOÃO CARLOS PEREIRA', 'LOCADOR', 'CPF', IDS.joao],
      ['MARIANA SOUZA LIMA', 'LOCATÁRIA', 'CPF', IDS.mariana],
    ]);
    expect(findings.values.map((v) => [v.cents, v.purpose, v.clause])).toEqual([
      [280_000, 'aluguel mensal', 'Cláusula 3ª'],
      [840_000, 'garantia', 'Cláusula 5ª'],
    ]);
    expect(findings.dates.map((d) => [d.iso, d.purpose])).toEqual([
      ['2025-02-15', 'assinatura'],
      ['2025-03-01', 'início'],
      ['2027-08-31', 'término'],
    ]);
    expect(findings.term).toMatchObject({ text: '30 meses', clause: 'Cláusula 2ª' });
    expect(findings.readjustment).toMatchObject({ index: 'IGP-M', clause: 'Cláusula 4ª' });
    expect(findings.penalties.map((p) => p.clause)).toEqual(['Cláusula 3ª', 'Cláusula 6ª']);
    expect(findings.noticePeriod).toMatchObject({ days: 30, clause: 'Cláusula 6ª' });
    expect(findings.jurisdiction).toMatchObject({ comarca: 'Curitiba/PR', clause: 'Cláusula 7ª' });
    expect(findings.handlesPersonalData).toBe(false);
    expect(sections.resumoExecutivo[0]).toBe('Contrato de locação de imóvel residencial entre JOÃO CARLOS PEREIRA (LOCADOR) e MARIANA SOUZA LIMA (LOCATÁRIA), com 7 cláusulas numeradas.');
    expect(sections.resumoExecutivo).toContain('Valor principal: R$ 2.800,00, aluguel mensal (Cláusula 3ª).');
    // Subjects of one sentence are one point.
    expect(sections.pontosPrincipais).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Multa e juros: O atraso no pagamento do aluguel acarretará multa moratória de 10% .* \(Cláusula 3ª\)$/),
        expect.stringMatching(/^Multa, rescisão e aviso prévio de 30 dias: A LOCATÁRIA poderá devolver o imóvel .* \(Cláusula 6ª\)$/),
      ]),
    );
    expect(all(sections)).not.toMatch(/Não há cláusula de foro|Não há multa|Não há regra de rescisão|Não há índice de reajuste/);
  });

  test('employment contract: employer and employee, salary written with a comma, 90-day trial, notice by law; no fine and no LGPD clause for the employee data', () => {
    const { findings, sections } = of(EMPLOYMENT_CONTRACT, format);
    expect(findings.kind).toBe('trabalho');
    expect(findings.parties.map((p) => [p.name, p.role, p.taxId])).toEqual([
      ['PADARIA PÃO DOURADO LTDA.', 'EMPREGADORA', IDS.padaria],
      ['LUCAS OLIVEIRA SANTOS', 'EMPREGADO', IDS.lucas],
    ]);
    expect(findings.values[0]).toMatchObject({ cents: 245_000, words: 'dois mil, quatrocentos e cinquenta reais', wordsMismatch: false, purpose: 'salário mensal', clause: 'Cláusula 2ª' });
    expect(findings.dates.map((d) => [d.iso, d.purpose, d.clause])).toContainEqual(['2025-03-03', 'início', 'Cláusula 1ª']);
    expect(findings.deadlines.map((d) => [d.amount, d.unit, d.purpose, d.clause])).toEqual(
      expect.arrayContaining([
        [44, 'horas', 'jornada de trabalho', 'Cláusula 3ª'],
        [90, 'dias', 'período de experiência', 'Cláusula 4ª'],
        [30, 'dias', 'aviso prévio', 'Cláusula 5ª'],
      ]),
    );
    expect(findings.term).toMatchObject({ text: 'prazo indeterminado' });
    expect(findings.termination).toMatchObject({ clause: 'Cláusula 5ª' });
    expect(findings.jurisdiction).toMatchObject({ comarca: 'Belo Horizonte/MG', clause: 'Cláusula 7ª' });
    expect(findings.penalties).toEqual([]);
    expect(sections.pontosDeAtencao).toEqual(
      expect.arrayContaining([
        'Não há multa para o descumprimento: sem ela, cobrar um prejuízo depende de provar o dano (não encontrada no contrato)',
        'O contrato envolve dados pessoais, mas não tem cláusula de proteção de dados (LGPD, Lei nº 13.709/2018) (não encontrada no contrato)',
      ]),
    );
    expect(sections.recomendacoes[0]).toMatch(/^Inclua uma multa/);
  });

  test('NDA: disclosing and receiving parties, R$ 100.000 fine, 5-year secrecy, 15 days to return; no foro and no LGPD clause for patient data', () => {
    const { findings, sections } = of(NDA_CONTRACT, format);
    expect(findings.kind).toBe('confidencialidade');
    expect(findings.parties.map((p) => [p.name, p.role, p.taxId])).toEqual([
      ['INOVA TECNOLOGIA EM SAÚDE S.A.', 'PARTE REVELADORA', IDS.inova],
      ['HORIZONTE CONSULTORIA EMPRESARIAL LTDA.', 'PARTE RECEPTORA', IDS.horizonte],
    ]);
    expect(findings.values).toEqual([expect.objectContaining({ cents: 10_000_000, words: 'cem mil reais', purpose: 'multa', clause: 'Cláusula 5ª' })]);
    expect(findings.confidentiality).toMatchObject({ clause: 'Cláusula 2ª' });
    expect(findings.term).toMatchObject({ text: '5 anos', clause: 'Cláusula 4ª' });
    expect(findings.deadlines.map((d) => [d.amount, d.unit, d.clause])).toContainEqual([15, 'dias', 'Cláusula 3ª']);
    expect(findings.jurisdiction).toBeNull();
    expect(findings.handlesPersonalData).toBe(true);
    expect(sections.pontosDeAtencao.slice(0, 2)).toEqual([
      'Não há cláusula de foro: em caso de disputa, não está definido onde a ação será proposta (não encontrada no contrato)',
      'O contrato envolve dados pessoais, mas não tem cláusula de proteção de dados (LGPD, Lei nº 13.709/2018) (não encontrada no contrato)',
    ]);
    expect(sections.recomendacoes).toContain('Inclua uma cláusula de foro, indicando a comarca competente para resolver disputas.');
  });

  test('purchase and sale of a car: seller and buyer, price split into down payment and balance, delivery date, a 30-day deadline without its kind; no foro and no fine', () => {
    const { findings, sections } = of(PURCHASE_CONTRACT, format);
    expect(findings.kind).toBe('compra_venda');
    expect(findings.parties.map((p) => [p.name, p.role, p.taxId])).toEqual([
      ['FERNANDA ALVES COSTA', 'VENDEDORA', IDS.fernanda],
      ['RICARDO TEIXEIRA NUNES', 'COMPRADOR', IDS.ricardo],
    ]);
    expect(findings.values.map((v) => [v.cents, v.purpose])).toEqual([
      [7_800_000, 'preço'],
      [2_000_000, 'sinal'],
      [5_800_000, 'preço'],
    ]);
    expect(findings.dates.map((d) => [d.iso, d.purpose, d.clause])).toEqual(
      expect.arrayContaining([
        ['2025-05-02', 'assinatura', 'Local e data'],
        ['2025-05-15', 'entrega', 'Cláusula 3ª'],
      ]),
    );
    // 'multas de trânsito' is a debt of the car, not a contractual penalty.
    expect(findings.penalties).toEqual([]);
    expect(findings.jurisdiction).toBeNull();
    expect(sections.pontosDeAtencao).toEqual([
      'Não há cláusula de foro: em caso de disputa, não está definido onde a ação será proposta (não encontrada no contrato)',
      'Não há multa para o descumprimento: sem ela, cobrar um prejuízo depende de provar o dano (não encontrada no contrato)',
      'Prazo de 30 dias sem dizer se são úteis ou corridos (entrega): a contagem pode gerar disputa (Cláusula 3ª).',
    ]);
  });

  test('every point of every section cites where it comes from', () => {
    for (const contract of CONTRACTS) {
      const { sections } = of(contract, format);
      const cited = [...sections.pontosPrincipais, ...sections.pontosDeAtencao, ...sections.datasEPrazos];
      for (const point of cited) expect(point, `${contract.name}: ${point}`).toMatch(/\((?:Cláusula \d+ª|Preâmbulo|Local e data|não encontrada no contrato)[^)]*\)\.?$/);
    }
  });
});

describe('attention points from the text itself', () => {
  const base = [...LEASE_CONTRACT.paragraphs];

  test('a written-out amount that differs from the figure, a CPF with wrong check digits and interest above 1% a month', () => {
    const text = base
      .join('\n')
      .replace('R$ 2.800,00 (dois mil e oitocentos reais)', 'R$ 2.800,00 (dois mil e seiscentos reais)')
      .replace(IDS.mariana, '987.654.321-99')
      .replace('juros de mora de 1% (um por cento) ao mês', 'juros de mora de 3% (três por cento) ao mês');
    const { findings, sections } = analyseContractText(text);
    expect(findings.values[0]).toMatchObject({ cents: 280_000, wordsMismatch: true });
    expect(findings.parties[1]).toMatchObject({ taxId: '987.654.321-99', taxIdValid: false });
    expect(sections.pontosDeAtencao).toEqual(
      expect.arrayContaining([
        'O CPF 987.654.321-99 de MARIANA SOUZA LIMA tem dígitos verificadores inválidos: confira o número antes de assinar (Preâmbulo).',
        'O valor R$ 2.800,00 não confere com o escrito por extenso (“dois mil e seiscentos reais”): em caso de divergência, costuma prevalecer o valor por extenso (Cláusula 3ª).',
        'Juros de 3% ao mês: acima de 1% ao mês podem ser considerados abusivos e questionados (Cláusula 3ª).',
      ]),
    );
  });

  test('a contract with an LGPD clause is not asked for one; a lease without readjustment is', () => {
    const withLgpd = [...EMPLOYMENT_CONTRACT.paragraphs];
    withLgpd.splice(14, 0, 'Parágrafo único. O tratamento observará a Lei nº 13.709/2018 (LGPD), limitado às finalidades do contrato de trabalho.');
    const employment = analyseContractText(withLgpd.join('\n'));
    expect(employment.findings.dataProtection).toMatchObject({ clause: 'Cláusula 6ª' });
    expect(all(employment.sections)).not.toMatch(/não tem cláusula de proteção de dados/);

    const lease = analyseContractText(base.filter((p) => !/REAJUSTE|reajustado/.test(p)).join('\n'));
    expect(lease.findings.readjustment).toBeNull();
    expect(lease.sections.pontosDeAtencao[0]).toBe('Não há índice de reajuste dos valores: em contratos longos o valor fica defasado ou gera disputa (não encontrada no contrato)');
  });

  test('a text without numbered clauses is analysed whole and says so in its citations', () => {
    const { findings, sections } = analyseContractText(
      `Recibo e acordo. Eu, ANA PAULA REIS, inscrita no CPF sob o nº ${IDS.fernanda}, recebi de CARLOS MENDES, CPF nº ${IDS.ricardo}, a quantia de quinze mil reais pela venda de uma moto.`,
    );
    expect(findings.clauseCount).toBe(0);
    expect(findings.values).toEqual([expect.objectContaining({ cents: 1_500_000, text: 'R$ 15.000,00', clause: 'Texto' })]);
    expect(findings.parties.map((p) => p.name)).toEqual(['ANA PAULA REIS', 'CARLOS MENDES']);
    expect(sections.pontosPrincipais).toContain('Valor: R$ 15.000,00 (quinze mil reais) (Texto).');
  });
});
