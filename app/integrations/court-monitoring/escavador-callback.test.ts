import http from 'node:http';
import type net from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { startEscavadorStandIn } from '../../../tests/support/court-stand-ins';
import { createEscavadorProvider, escavadorCallbackAuthorized, parseEscavadorCallback, type EscavadorCallback } from './escavador.server';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** The nova_movimentacao example of Escavador's callback documentation, with the shortened values filled in. */
const NOVA_MOVIMENTACAO = {
  event: 'nova_movimentacao',
  monitoramento: {
    id: 17,
    numero: '0018063-19.2013.8.26.0002',
    criado_em: '2024-09-01T12:00:00+00:00',
    data_ultima_verificacao: '2024-10-01T08:00:00+00:00',
    tribunais: [{ id: 102, nome: 'Tribunal de Justiça de São Paulo', sigla: 'TJSP', categoria: null }],
    frequencia: 'DIARIA',
    status: 'ENCONTRADO',
  },
  movimentacao: {
    id: 23895909833,
    data: '2024-10-01',
    tipo: 'ANDAMENTO',
    tipo_publicacao: null,
    classificacao_predita: { nome: 'Petição', descricao: 'Petição da parte', hierarquia: 'Petições > Petição' },
    conteudo: 'Pedido de Liminar/Antecipação de Tutela',
    texto_categoria: null,
    fonte: { processo_fonte_id: 0, fonte_id: 0, nome: 'Tribunal de Justiça de São Paulo', tipo: 'TRIBUNAL', sigla: 'TJSP', grau: 1, grau_formatado: 'Primeiro Grau' },
  },
  uuid: '65b45990e91de83f8f40483102ce97ca',
};

function parsed(body: unknown): EscavadorCallback {
  const result = parseEscavadorCallback(body);
  if (!result.ok) throw new Error(result.reason);
  return result.callback;
}

describe('parseEscavadorCallback (Escavador\'s callbacks)', () => {
  test("nova_movimentacao: the uuid, the event, the monitoring's number and id, and its one movement (a date alone is midnight UTC)", () => {
    expect(parsed(NOVA_MOVIMENTACAO)).toEqual({
      uuid: '65b45990e91de83f8f40483102ce97ca',
      event: 'nova_movimentacao',
      known: true,
      numero: '0018063-19.2013.8.26.0002',
      monitoringRef: '17',
      movements: [{ data: new Date('2024-10-01T00:00:00Z'), descricao: 'Pedido de Liminar/Antecipação de Tutela', tipo: 'ANDAMENTO' }],
    });
  });

  test('processo_encontrado and processo_nao_encontrado say found or not, with no movement', () => {
    const { movimentacao: _movimentacao, ...rest } = NOVA_MOVIMENTACAO;
    expect(parsed({ ...rest, event: 'processo_encontrado', uuid: 'a1' })).toMatchObject({ event: 'processo_encontrado', known: true, found: true, monitoringRef: '17', movements: [] });
    expect(parsed({ ...rest, event: 'processo_nao_encontrado', uuid: 'a2', monitoramento: { ...rest.monitoramento, status: 'NAO_ENCONTRADO' } })).toMatchObject({
      known: true,
      found: false,
      numero: '0018063-19.2013.8.26.0002',
      movements: [],
    });
  });

  test('a number in 20 digits is masked; a monitoring id given as text stays text', () => {
    const body = { ...NOVA_MOVIMENTACAO, monitoramento: { ...NOVA_MOVIMENTACAO.monitoramento, id: '17', numero: '00180631920138260002' } };
    expect(parsed(body)).toMatchObject({ numero: '0018063-19.2013.8.26.0002', monitoringRef: '17' });
  });

  test('the same event twice parses to the same uuid and content (the receiver stores it once); an older one arriving later keeps its own date', () => {
    expect(parsed(structuredClone(NOVA_MOVIMENTACAO))).toEqual(parsed(structuredClone(NOVA_MOVIMENTACAO)));
    const older = parsed({ ...NOVA_MOVIMENTACAO, uuid: 'b0', movimentacao: { ...NOVA_MOVIMENTACAO.movimentacao, id: 1, data: '2024-09-20', conteudo: 'Decisão interlocutória proferida', classificacao_predita: null } });
    expect(older.movements).toEqual([{ data: new Date('2024-09-20T00:00:00Z'), descricao: 'Decisão interlocutória proferida', tipo: 'DECISAO' }]);
  });

  test('other events are accepted but not acted on: atualizacao_processo_concluida, novo_processo, and unknown ones', () => {
    expect(
      parsed({ event: 'atualizacao_processo_concluida', uuid: 'c1', atualizacao: { id: 5, status: 'SUCESSO', criado_em: '…', numero_cnj: '1002089-72.2023.8.26.0260', concluido_em: '…', enviar_callback: 'SIM' } }),
    ).toEqual({ uuid: 'c1', event: 'atualizacao_processo_concluida', known: false, numero: '1002089-72.2023.8.26.0260', monitoringRef: null, movements: [] });
    expect(parsed({ event: 'novo_processo', uuid: 'c2', monitoramento: { id: 9, termo: 'Fulano' }, processo: { numero_cnj: '0058967-77.2016.8.19.0000' } })).toMatchObject({ known: false, numero: '0058967-77.2016.8.19.0000', monitoringRef: '9' });
    expect(parsed({ event: 'processo_verificado', uuid: 'c3' })).toMatchObject({ known: false, numero: null, monitoringRef: null, movements: [] });
  });

  test.each([
    ['not an object', 'texto'],
    ['null', null],
    ['no uuid', { ...NOVA_MOVIMENTACAO, uuid: undefined }],
    ['an empty uuid', { ...NOVA_MOVIMENTACAO, uuid: '  ' }],
    ['no event', { ...NOVA_MOVIMENTACAO, event: undefined }],
    ['a monitoring event without its monitoring', { ...NOVA_MOVIMENTACAO, monitoramento: undefined }],
    ['a monitoring without id', { ...NOVA_MOVIMENTACAO, monitoramento: { numero: '0018063-19.2013.8.26.0002' } }],
    ['nova_movimentacao without the movement', { ...NOVA_MOVIMENTACAO, movimentacao: undefined }],
    ['a movement without a date', { ...NOVA_MOVIMENTACAO, movimentacao: { ...NOVA_MOVIMENTACAO.movimentacao, data: 'ontem' } }],
    ['a movement without any text', { ...NOVA_MOVIMENTACAO, movimentacao: { ...NOVA_MOVIMENTACAO.movimentacao, conteudo: '', classificacao_predita: null } }],
  ])('malformed: %s', (_name, body) => {
    const result = parseEscavadorCallback(body);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/^Callback do Escavador malformado: /);
  });
});

describe('escavadorCallbackAuthorized', () => {
  const TOKEN = 'c4llb4ck-t0k3n-d0-p41n3l';

  test('the raw token and `Bearer <token>` are accepted (Escavador\'s documentation does not say which)', () => {
    expect(escavadorCallbackAuthorized(TOKEN, TOKEN)).toBe(true);
    expect(escavadorCallbackAuthorized(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(escavadorCallbackAuthorized(`bearer  ${TOKEN} `, TOKEN)).toBe(true);
  });

  test('anything else is refused: another token, a prefix, a longer one, none, or no expected token', () => {
    expect(escavadorCallbackAuthorized('outro-token', TOKEN)).toBe(false);
    expect(escavadorCallbackAuthorized(TOKEN.slice(0, -1), TOKEN)).toBe(false);
    expect(escavadorCallbackAuthorized(`${TOKEN}x`, TOKEN)).toBe(false);
    expect(escavadorCallbackAuthorized(`Basic ${TOKEN}`, TOKEN)).toBe(false);
    expect(escavadorCallbackAuthorized('Bearer ', TOKEN)).toBe(false);
    expect(escavadorCallbackAuthorized(undefined, TOKEN)).toBe(false);
    expect(escavadorCallbackAuthorized(null, TOKEN)).toBe(false);
    expect(escavadorCallbackAuthorized('', '')).toBe(false);
    expect(escavadorCallbackAuthorized(TOKEN, undefined)).toBe(false);
  });
});

describe('callbacks from the stand-in to a receiver', () => {
  test('a receiver built on the parser and the check stores each event once, refuses a wrong token, and takes out-of-order events', async () => {
    const TOKEN = 'token-dos-callbacks';
    const stored = new Map<string, EscavadorCallback>();
    const receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        if (!escavadorCallbackAuthorized(req.headers.authorization, TOKEN)) return void res.writeHead(401).end();
        const result = parseEscavadorCallback(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        if (!result.ok) return void res.writeHead(400).end();
        if (!stored.has(result.callback.uuid)) stored.set(result.callback.uuid, result.callback);
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise((resolve) => receiver.close(() => resolve())));
    const url = `http://127.0.0.1:${(receiver.address() as net.AddressInfo).port}/api/webhooks/escavador`;

    const standIn = await startEscavadorStandIn({ token: 'api' });
    closers.push(() => standIn.close());
    const { providerRef } = await createEscavadorProvider({ apiUrl: standIn.url, token: 'api' }).startMonitoring({ numero: '0018063-19.2013.8.26.0002', court: null, courtChosen: false, frequencia: 'DIARIA' });
    const id = Number(providerRef);
    standIn.resolve(id, 'ENCONTRADO');
    const found = standIn.callbackPayload('processo_encontrado', id);
    const second = standIn.callbackPayload('nova_movimentacao', id, { movement: { id: 2, data: '2024-10-02', tipo: 'ANDAMENTO', conteudo: 'Despacho: Cite-se.' } });
    const first = standIn.callbackPayload('nova_movimentacao', id, { movement: { id: 1, data: '2024-10-01', tipo: 'ANDAMENTO', conteudo: 'Juntada de petição.' } });

    expect(await standIn.sendCallback(url, found, 'outro')).toBe(401);
    expect(await standIn.sendCallback(url, found, TOKEN)).toBe(200);
    expect(await standIn.sendCallback(url, second, `Bearer ${TOKEN}`)).toBe(200);
    expect(await standIn.sendCallback(url, second, TOKEN)).toBe(200);
    expect(await standIn.sendCallback(url, first, TOKEN)).toBe(200);
    expect(await standIn.sendCallback(url, { event: 'nova_movimentacao', uuid: 'x' }, TOKEN)).toBe(400);

    expect([...stored.values()].map((c) => [c.event, c.movements.map((m) => m.descricao)])).toEqual([
      ['processo_encontrado', []],
      ['nova_movimentacao', ['Despacho: Cite-se.']],
      ['nova_movimentacao', ['Juntada de petição.']],
    ]);
    expect([...stored.values()].every((c) => c.monitoringRef === providerRef && c.numero === '0018063-19.2013.8.26.0002')).toBe(true);
    expect(stored.get(second.uuid as string)!.movements[0]!.tipo).toBe('DESPACHO');
  });
});
