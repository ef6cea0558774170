import { describe, expect, test } from 'vitest';
import { isValidCnj } from '~/domain/cnj';
import { MOVEMENT_TYPES } from './provider';
import { createSimulatedProvider, simulatedDetails, simulatedMovement } from './simulado';

const NUMERO = '0018063-19.2013.8.26.0002';
const OUTRO = '0058967-77.2016.8.19.0000';
const TJSP = { sigla: 'TJSP', datajudAlias: 'tjsp' };

function clock(start = '2026-11-25T13:00:00Z') {
  let now = new Date(start).getTime();
  return { now: () => new Date(now), advance: (ms: number) => void (now += ms) };
}

describe('the simulated court', () => {
  test('finds a valid number on its first check with one typed Portuguese movement dated at the check', async () => {
    const time = clock();
    const provider = createSimulatedProvider({ now: time.now });
    expect(provider).toMatchObject({ id: 'simulado', displayName: 'sistema de demonstração' });
    expect(await provider.startMonitoring({ numero: NUMERO, court: TJSP, courtChosen: false, frequencia: 'DIARIA' })).toEqual({ providerRef: null });
    const check = await provider.checkProcess({ numero: NUMERO, court: TJSP, providerRef: null });
    expect(check.found).toBe(true);
    expect(check.pending).toBeUndefined();
    expect(check.movements).toHaveLength(1);
    expect(check.movements[0]).toEqual({ data: new Date('2026-11-25T13:00:00Z'), descricao: expect.stringMatching(/^Distribuído por sorteio para a .+\.$/), tipo: 'ANDAMENTO' });
  });

  test('each check brings the next movement of the story; the same number gives the same story in another instance (a restart)', async () => {
    const time = clock();
    const first = createSimulatedProvider({ now: time.now });
    const story = [];
    for (let i = 0; i < 16; i++) {
      time.advance(86_400_000);
      story.push((await first.checkProcess({ numero: NUMERO, court: TJSP, providerRef: null })).movements[0]!);
    }
    expect(new Set(story.map((m) => m.descricao)).size).toBe(16);
    expect(new Set(story.map((m) => m.data.getTime())).size).toBe(16);
    expect(story.slice(0, 9).map((m) => m.tipo)).toEqual(['ANDAMENTO', 'DESPACHO', 'ANDAMENTO', 'ANDAMENTO', 'DECISAO', 'ANDAMENTO', 'DESPACHO', 'ANDAMENTO', 'SENTENCA']);
    expect(new Set(story.map((m) => m.tipo))).toEqual(new Set(MOVEMENT_TYPES));
    expect(story[8]!.descricao).toMatch(/^Sentença: Ante o exposto, julgo (PARCIALMENTE )?(IM)?PROCEDENTE o pedido/);
    expect(story[14]!.descricao).toBe('Certidão de objeto e pé expedida (2ª via).');

    // After a restart, the caller says how many movements it holds: the story goes on where it was.
    const restarted = createSimulatedProvider({ now: time.now });
    for (const known of [0, 4, 8, 15]) {
      const again = (await restarted.checkProcess({ numero: NUMERO, court: TJSP, providerRef: null, knownMovements: known })).movements[0]!;
      expect({ descricao: again.descricao, tipo: again.tipo }).toEqual({ descricao: story[known]!.descricao, tipo: story[known]!.tipo });
      expect(again.data).toEqual(time.now());
    }
  });

  test('knownMovements wins over the in-memory count; stopping forgets the count', async () => {
    const provider = createSimulatedProvider({ now: clock().now });
    await provider.checkProcess({ numero: NUMERO, court: TJSP, providerRef: null });
    await provider.checkProcess({ numero: NUMERO, court: TJSP, providerRef: null });
    expect((await provider.checkProcess({ numero: NUMERO, court: TJSP, providerRef: null, knownMovements: 1 })).movements[0]!.descricao).toBe(simulatedMovement(NUMERO, 1).descricao);
    expect((await provider.checkProcess({ numero: NUMERO, court: TJSP, providerRef: null })).movements[0]!.descricao).toBe(simulatedMovement(NUMERO, 2).descricao);
    await provider.stopMonitoring({ numero: NUMERO, providerRef: null });
    expect((await provider.checkProcess({ numero: NUMERO, court: TJSP, providerRef: null })).movements[0]!.descricao).toBe(simulatedMovement(NUMERO, 0).descricao);
  });

  test('numbers differ in their details (court unit, deadlines, outcome), and each number keeps its own', () => {
    const many = ['0018063-19.2013.8.26.0002', '1002089-72.2023.8.26.0260', '0722391-40.2017.8.07.0001', '0000832-35.2018.4.01.3202', OUTRO, '1157146-44.2024.8.26.0100', '0800493-92.2024.8.14.0112', '3001263-93.2016.8.06.0072'];
    expect(new Set(many.map((n) => simulatedMovement(n, 0).descricao)).size).toBeGreaterThan(1);
    expect(new Set(many.map((n) => simulatedMovement(n, 8).descricao)).size).toBeGreaterThan(1);
    expect(simulatedMovement(NUMERO, 8)).toEqual(simulatedMovement(NUMERO, 8));
    expect(simulatedMovement(NUMERO, 8).tipo).toBe('SENTENCA');
  });

  test('an invalid number (wrong check digits) and a sequential 0000000 are not found, with no movement', async () => {
    const provider = createSimulatedProvider({ now: clock().now });
    expect(isValidCnj('0000000-54.2024.8.26.0100')).toBe(true);
    expect(await provider.checkProcess({ numero: '0000001-00.2024.6.14.0000', court: null, providerRef: null })).toEqual({ found: false, movements: [] });
    expect(await provider.checkProcess({ numero: '0018063-18.2013.8.26.0002', court: TJSP, providerRef: null })).toEqual({ found: false, movements: [] });
    expect(await provider.checkProcess({ numero: '0000000-54.2024.8.26.0100', court: TJSP, providerRef: null })).toEqual({ found: false, movements: [] });
  });

  test('the simulated case fits its court: a labour (TRT2) case is at a Vara do Trabalho, never a Vara Cível; federal, electoral and superior ones likewise', () => {
    const trt2 = '1001196-38.2022.5.02.0712';
    for (let seq = 0; seq < 40; seq++) {
      const numero = `${String(1001196 + seq).padStart(7, '0')}-00.2022.5.02.0712`;
      expect(simulatedMovement(numero, 0).descricao).toMatch(/Vara do Trabalho\.$/);
      expect(simulatedDetails(numero).orgaoJulgador).toMatch(/Vara do Trabalho$/);
    }
    expect(simulatedDetails(trt2)).toMatchObject({ classe: 'Ação Trabalhista - Rito Ordinário', grau: 'G1', partes: [] });
    expect(simulatedDetails('0000832-35.2018.4.01.3202').orgaoJulgador).toMatch(/Federal/);
    expect(simulatedDetails('0000001-49.2024.6.14.0000').orgaoJulgador).toMatch(/Zona Eleitoral$/);
    expect(simulatedDetails('1000794-13.2022.5.00.0000')).toMatchObject({ orgaoJulgador: 'Gabinete do Ministro Relator', grau: 'SUP' });
    expect(simulatedDetails(NUMERO)).toMatchObject({ classe: 'Procedimento Comum Cível' });
    expect(simulatedDetails(NUMERO).orgaoJulgador).not.toMatch(/Trabalho|Federal|Eleitoral/);
  });
});
