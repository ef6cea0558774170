import { describe, expect, test } from 'vitest';
import { STATES } from '~/domain/catalog/states';
import { realWorldText } from '../../tests/support/real-world';
import { cnjCheckDigits, cnjDigits, COURT_CHOICES, courtOfCnj, findCourt, isValidCnj, maskCnj, parseCnj } from './cnj';

// Real, published numbers (their check digits computed by hand) and altered ones.

const VALID = [
  '0018063-19.2013.8.26.0002',
  '0722391-40.2017.8.07.0001',
  '0000832-35.2018.4.01.3202',
  '1002089-72.2023.8.26.0260',
  '0058967-77.2016.8.19.0000',
  '0035607-92.2016.8.07.0018',
  '1157146-44.2024.8.26.0100',
  '0800493-92.2024.8.14.0112',
  '0802517-35.2019.8.23.0010',
  '3001263-93.2016.8.06.0072',
  '1030006-97.2015.8.26.0114',
  '0008649-70.2021.8.12.0110',
  '8118778-37.2021.8.05.0001',
  '5193465-58.2022.8.09.0108',
  '9053000-90.2013.8.13.0024',
];

/** Published numbers with wrong check digits, and the digits they should have had. */
const WRONG: Array<[string, string]> = [
  ['1024000-20.2015.2.23.0000', '13'],
  ['0000001-00.2024.6.14.0000', '49'],
  ['0001234-56.2023.8.04.0001', '26'],
];

describe('CNJ numbers', () => {
  test.each(VALID)('%s is valid and its check digits are recomputed', (numero) => {
    expect(isValidCnj(numero)).toBe(true);
    const { digito, ...rest } = parseCnj(numero)!;
    expect(cnjCheckDigits(rest)).toBe(digito);
  });

  test.each(WRONG)('%s has wrong check digits (should be %s)', (numero, right) => {
    expect(isValidCnj(numero)).toBe(false);
    const { digito: _wrong, ...rest } = parseCnj(numero)!;
    expect(cnjCheckDigits(rest)).toBe(right);
    expect(isValidCnj(numero.replace(/-\d{2}\./, `-${right}.`))).toBe(true);
  });

  test('any single altered digit of a valid number is caught', () => {
    for (const numero of VALID) {
      for (let i = 0; i < numero.length; i++) {
        if (!/\d/.test(numero[i]!)) continue;
        const altered = numero.slice(0, i) + String((Number(numero[i]) + 1) % 10) + numero.slice(i + 1);
        expect(isValidCnj(altered), altered).toBe(false);
      }
    }
  });

  test('the mask is required: 20 bare digits, spaces, letters or a missing part are not the pattern', () => {
    for (const text of ['00180631920138260002', ' 0018063-19.2013.8.26.0002', '0018063-19.2013.8.26.002', '0018063-19.2013.8.26.000a', '0018063.19.2013.8.26.0002', '']) {
      expect(parseCnj(text), text).toBeNull();
      expect(isValidCnj(text), text).toBe(false);
    }
  });

  test('digits and mask convert both ways', () => {
    expect(cnjDigits('0018063-19.2013.8.26.0002')).toBe('00180631920138260002');
    expect(maskCnj('00180631920138260002')).toBe('0018063-19.2013.8.26.0002');
    expect(maskCnj('123')).toBeNull();
  });
});

describe('the court of a number (J.TR)', () => {
  test('all 27 state courts, 8.01 TJAC to 8.27 TJTO, with their DataJud aliases', () => {
    const expected: Array<[string, string]> = [
      ['01', 'TJAC'], ['02', 'TJAL'], ['03', 'TJAP'], ['04', 'TJAM'], ['05', 'TJBA'], ['06', 'TJCE'], ['07', 'TJDFT'],
      ['08', 'TJES'], ['09', 'TJGO'], ['10', 'TJMA'], ['11', 'TJMT'], ['12', 'TJMS'], ['13', 'TJMG'], ['14', 'TJPA'],
      ['15', 'TJPB'], ['16', 'TJPR'], ['17', 'TJPE'], ['18', 'TJPI'], ['19', 'TJRJ'], ['20', 'TJRN'], ['21', 'TJRS'],
      ['22', 'TJRO'], ['23', 'TJRR'], ['24', 'TJSC'], ['25', 'TJSE'], ['26', 'TJSP'], ['27', 'TJTO'],
    ];
    for (const [tr, sigla] of expected) {
      const court = courtOfCnj(`0000001-00.2024.8.${tr}.0001`);
      expect(court?.sigla, tr).toBe(sigla);
      expect(court?.datajudAlias, tr).toBe(sigla.toLowerCase());
    }
    expect(courtOfCnj('0000001-00.2024.8.28.0001')).toBeNull();
    expect(courtOfCnj('0000001-00.2024.8.00.0001')).toBeNull();
    expect(courtOfCnj('0018063-19.2013.8.26.0002')?.nome).toBe('Tribunal de Justiça de São Paulo');
    expect(courtOfCnj('8118778-37.2021.8.05.0001')?.nome).toBe('Tribunal de Justiça da Bahia');
    expect(courtOfCnj('0722391-40.2017.8.07.0001')?.nome).toBe('Tribunal de Justiça do Distrito Federal e dos Territórios');
  });

  test('federal and labour regions, the STJ and the STF', () => {
    expect(courtOfCnj('0000832-35.2018.4.01.3202')).toMatchObject({ sigla: 'TRF1', datajudAlias: 'trf1' });
    expect(courtOfCnj('0000001-00.2024.4.07.0001')).toBeNull();
    expect(courtOfCnj('0000001-00.2024.5.24.0001')).toMatchObject({ sigla: 'TRT24', datajudAlias: 'trt24' });
    expect(courtOfCnj('0000001-00.2024.3.00.0000')).toMatchObject({ sigla: 'STJ', datajudAlias: 'stj' });
    expect(courtOfCnj('0000001-00.2024.1.00.0000')).toMatchObject({ sigla: 'STF', datajudAlias: null });
  });

  test('the superior courts of each branch, the electoral courts by state, the Military Justice, the state military courts', () => {
    expect(courtOfCnj('1000794-13.2022.5.00.0000')).toMatchObject({ sigla: 'TST', datajudAlias: 'tst' });
    expect(courtOfCnj('0000001-00.2024.6.00.0000')).toMatchObject({ sigla: 'TSE', datajudAlias: 'tse' });
    expect(courtOfCnj('0000001-49.2024.6.14.0000')).toMatchObject({ sigla: 'TRE-PA', datajudAlias: 'tre-pa', nome: 'Tribunal Regional Eleitoral do Pará' });
    expect(courtOfCnj('0000001-00.2024.6.26.0001')).toMatchObject({ sigla: 'TRE-SP', datajudAlias: 'tre-sp' });
    expect(courtOfCnj('0000001-00.2024.6.07.0001')).toMatchObject({ sigla: 'TRE-DF', datajudAlias: 'tre-dft' });
    expect(courtOfCnj('0000001-00.2024.6.28.0001')).toBeNull();
    expect(courtOfCnj('4976023-82.2012.7.00.2263')).toMatchObject({ sigla: 'STM', datajudAlias: 'stm' });
    expect(courtOfCnj('0000001-00.2024.7.01.0001')).toMatchObject({ sigla: 'STM', datajudAlias: 'stm' });
    expect(courtOfCnj('0000001-00.2024.9.13.0001')).toMatchObject({ sigla: 'TJM-MG', datajudAlias: 'tjmmg' });
    expect(courtOfCnj('0000001-00.2024.9.21.0001')).toMatchObject({ sigla: 'TJM-RS', datajudAlias: 'tjmrs' });
    expect(courtOfCnj('0000001-00.2024.9.26.0001')).toMatchObject({ sigla: 'TJM-SP', datajudAlias: 'tjmsp' });
    expect(courtOfCnj('0000001-00.2024.9.05.0001')).toBeNull();
    expect(courtOfCnj('0000001-00.2024.2.00.0000')).toBeNull();
    expect(courtOfCnj('0000001-00.2024.4.90.0000')).toBeNull();
    expect(courtOfCnj('0000001-00.2024.5.90.0000')).toBeNull();
  });

  test('every public DataJud index (91: 27 TJs, TST, TSE, STJ, STM, TRF1-6, TRT1-24, 27 TREs, 3 TJMs) is reachable from some J.TR, and each is in the form', () => {
    const reachable = new Set<string>();
    for (const j of ['1', '2', '3', '4', '5', '6', '7', '8', '9']) {
      for (let tr = 0; tr < 100; tr++) {
        const alias = courtOfCnj(`0000001-00.2024.${j}.${String(tr).padStart(2, '0')}.0001`)?.datajudAlias;
        if (alias) reachable.add(alias);
      }
    }
    expect(reachable.size).toBe(91);
    const inForm = new Set(COURT_CHOICES.map((c) => c.datajudAlias).filter(Boolean));
    for (const alias of reachable) expect(inForm.has(alias), alias).toBe(true);
  });

  test('the form offers the specification’s courts first, then every other state court; each is found by sigla', () => {
    const siglas = COURT_CHOICES.map((c) => c.sigla);
    expect(siglas.slice(0, 10)).toEqual(['TJSP', 'TJRJ', 'TJMG', 'TJRS', 'TJPR', 'TJBA', 'TJSC', 'TJPE', 'TJCE', 'TJGO']);
    expect(siglas).toContain('STF');
    expect(siglas).toContain('STJ');
    // 27 TJs, STF, STJ, TST, TSE, STM, 6 TRFs, 24 TRTs, 27 TREs, 3 TJMs.
    expect(new Set(siglas).size).toBe(Object.keys(STATES).length * 2 + 5 + 6 + 24 + 3);
    for (const sigla of siglas) expect(findCourt(sigla)?.sigla).toBe(sigla);
    expect(findCourt('TRF3')?.datajudAlias).toBe('trf3');
    expect(findCourt('XYZ')).toBeUndefined();
  });
});

/** cnj-numbers.json: numbers collected from other libraries and real answers, each with an independent verdict and its court. */
interface CnjVector {
  n: string;
  expectedValid: boolean;
  court: string | null;
  source: string;
}
const VECTORS = (JSON.parse(realWorldText('cnj-numbers.json')) as { numbers: CnjVector[] }).numbers;

describe('the real-world CNJ numbers (../shared/fixtures/real-world/cnj-numbers.json)', () => {
  test('the file holds the numbers it announces', () => {
    expect(VECTORS.length).toBeGreaterThanOrEqual(26);
  });

  test.each(VECTORS.map((v) => [v.n, v] as const))('%s: the check digits and the court agree with the independent verdict', (_n, vector) => {
    expect(isValidCnj(vector.n), vector.source).toBe(vector.expectedValid);
    // 'STM (J=7)', 'TST (J=5 TR=00)', 'TRE-PA (J=6)': the sigla is the first word.
    const expectedCourt = vector.court?.split(' ')[0] ?? null;
    expect(courtOfCnj(vector.n)?.sigla ?? null, vector.source).toBe(expectedCourt);
  });
});
