import { describe, expect, test } from 'vitest';
import { realWorldFiles, realWorldText } from '../../../tests/support/real-world';
import { escavadorError, escavadorMovement, parseEscavadorCallback } from './escavador.server';

// Escavador's real payloads in ../shared/fixtures/real-world/ (escavador-*.json; the README gives each
// one's source): error bodies, the movements page, the monitoring object and the callbacks, read as the
// adapter reads them. The callbacks' delivery through the webhook is in tests/integration/escavador-real-world.test.ts.

const json = (name: string): unknown => JSON.parse(realWorldText(name));
const answer = (status: number, name: string) => ({ status, json: json(name), text: realWorldText(name), headers: new Headers() });

describe('the real Escavador payloads', () => {
  test('every escavador-*.json sample has a case here', () => {
    expect(realWorldFiles('escavador-')).toEqual([
      'escavador-401.json',
      'escavador-402.json',
      'escavador-404.json',
      'escavador-422-cnj-invalido.json',
      'escavador-callback-atualizacao-concluida.json',
      'escavador-callback-nova-movimentacao-docs.json',
      'escavador-callback-novo-processo.json',
      'escavador-callback-processo-verificado.json',
      'escavador-callback-publicacao-diario.json',
      'escavador-monitor-create-docs.json',
      'escavador-movimentacoes-docs.json',
    ]);
  });

  test('the error bodies: 401 auth, 402 no credit, 404 not found, 422 invalid number, each with Escavador’s own message', () => {
    expect(escavadorError(answer(401, 'escavador-401.json'))).toMatchObject({ kind: 'auth', detail: 'Unauthenticated', retryable: false });
    expect(escavadorError(answer(402, 'escavador-402.json'))).toMatchObject({ kind: 'no_credit', detail: 'Você não possui saldo em crédito da API.' });
    expect(escavadorError(answer(404, 'escavador-404.json'))).toMatchObject({ kind: 'not_found', detail: 'NotFound' });
    expect(escavadorError(answer(422, 'escavador-422-cnj-invalido.json'))).toMatchObject({ kind: 'invalid', detail: 'O número do processo não está no formato CNJ.' });
  });

  test('the movements page (docs item and the SDK’s TRF1 item): dates alone at midnight UTC, no TPU code, typed by their words', () => {
    const items = (json('escavador-movimentacoes-docs.json') as { items: unknown[] }).items;
    expect(items.map(escavadorMovement)).toEqual([
      { data: new Date('2018-07-25T00:00:00Z'), descricao: 'CERTIDAO DE CARTORIO EXPEDIDA', tipo: 'ANDAMENTO' },
      { data: new Date('2022-11-03T00:00:00Z'), descricao: 'Juntada de petição intercorrente', tipo: 'ANDAMENTO' },
    ]);
  });

  test('the callbacks: the movement ones carry their movement (Escavador’s classification types it); the others are kept, not acted on', () => {
    const parsed = Object.fromEntries(realWorldFiles('escavador-callback-').map((file) => [file, parseEscavadorCallback(json(file))]));
    expect(parsed['escavador-callback-publicacao-diario.json']).toMatchObject({ ok: true, callback: { known: true, numero: '0018063-19.2013.8.26.0002', monitoringRef: '17', movements: [{ tipo: 'DECISAO' }] } });
    expect(parsed['escavador-callback-nova-movimentacao-docs.json']).toMatchObject({ ok: true, callback: { known: true, monitoringRef: '17', movements: [{}] } });
    expect(parsed['escavador-callback-processo-verificado.json']).toMatchObject({ ok: true, callback: { known: false, numero: '0018063-19.2013.8.26.0002' } });
    expect(parsed['escavador-callback-atualizacao-concluida.json']).toMatchObject({ ok: true, callback: { known: false, numero: '0018063-19.2013.8.26.0002' } });
    expect(parsed['escavador-callback-novo-processo.json']).toMatchObject({ ok: true, callback: { known: false, numero: '1002089-72.2023.8.26.0260' } });
  });

  test('the monitoring object (create/get): its TRE-PA number is a court the app now maps, though its check digits are wrong (DD should be 49)', async () => {
    const monitoring = json('escavador-monitor-create-docs.json') as { numero: string; tribunais: Array<{ sigla: string }>; status: string };
    const { courtOfCnj, isValidCnj } = await import('~/domain/cnj');
    expect(monitoring.status).toBe('PENDENTE');
    expect(courtOfCnj(monitoring.numero)?.sigla).toBe(monitoring.tribunais[0]!.sigla);
    expect(isValidCnj(monitoring.numero)).toBe(false);
  });
});
