import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type net from 'node:net';
import { CNJ_PATTERN, courtOfCnj } from '~/domain/cnj';

// Local HTTP servers that answer like Escavador API v2 and the CNJ's DataJud, as described in
// their public documentation (envelopes, status codes,
// error bodies). Tests start them on a free port, point an adapter at them, script the next answers,
// and read back every request they received.

export interface RecordedRequest {
  method: string;
  /** Path with the query string. */
  path: string;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: unknown;
  receivedAt: number;
}

interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** The failures a court API gives on demand, or no answer at all ('hang', until the client gives up). */
export type CourtBehaviour = 'success' | 'unauthorized' | 'no-credit' | 'rate-limited' | 'server-error' | 'redirect' | 'hang';

interface BaseStandIn {
  /** The base URL an adapter is configured with. */
  url: string;
  requests: RecordedRequest[];
  /** Scripts the answers to the next requests, one behaviour each; then requests are answered normally. */
  next(...behaviours: CourtBehaviour[]): void;
  /** The Retry-After (seconds) of a 429; null sends none. Default 3. */
  retryAfterSeconds: number | null;
  /** Milliseconds every answer waits before it is sent (a slow service). Default 0. */
  latencyMs: number;
  /** The most requests in progress at once so far. */
  peakConcurrency: number;
  close(): Promise<void>;
}

type Handler = (request: RecordedRequest, behaviour: CourtBehaviour, url: URL) => Answer | 'hang';

async function startServer<T extends object>(basePath: string, extra: T, handle: (standIn: T & BaseStandIn) => Handler): Promise<T & BaseStandIn> {
  const scripted: CourtBehaviour[] = [];
  const sockets = new Set<net.Socket>();
  let inFlight = 0;
  const standIn = Object.assign(extra, {
    url: '',
    requests: [] as RecordedRequest[],
    retryAfterSeconds: 3 as number | null,
    latencyMs: 0,
    peakConcurrency: 0,
    next: (...behaviours: CourtBehaviour[]) => void scripted.push(...behaviours),
    close: async () => {},
  }) as T & BaseStandIn;
  const handler = handle(standIn);
  const server = http.createServer((req, res) => {
    inFlight++;
    standIn.peakConcurrency = Math.max(standIn.peakConcurrency, inFlight);
    res.on('close', () => inFlight--);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = text === '' ? undefined : JSON.parse(text);
      } catch {
        body = text;
      }
      const headers = Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : (value ?? '')]));
      const recorded: RecordedRequest = { method: req.method ?? '', path: req.url ?? '', headers, body, receivedAt: Date.now() };
      standIn.requests.push(recorded);
      const answer = handler(recorded, scripted.shift() ?? 'success', new URL(req.url ?? '/', standIn.url));
      if (answer === 'hang') return;
      const send = () => {
        res.writeHead(answer.status, { ...(answer.body === undefined ? {} : { 'Content-Type': 'application/json' }), ...answer.headers });
        res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
      };
      if (standIn.latencyMs > 0) setTimeout(send, standIn.latencyMs);
      else send();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as net.AddressInfo;
  standIn.url = `http://127.0.0.1:${port}${basePath}`;
  standIn.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return standIn;
}

const field = (value: unknown, name: string): unknown => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[name] : undefined);
const digitsOf = (numero: string) => numero.replace(/\D/g, '');

// ---------------------------------------------------------------------------------------------------
// Escavador API v2: Authorization: Bearer <token>; JSON everywhere; Creditos-Utilizados on answers.

/** A movement as Escavador's movements list gives it (what tests put into a process). */
export interface EscavadorMovementItem {
  id: number;
  data: string;
  tipo: 'ANDAMENTO' | 'PUBLICACAO';
  conteudo: string;
  tipo_publicacao?: string | null;
  classificacao_predita?: { nome: string; descricao: string; hierarquia: string } | null;
  texto_categoria?: string | null;
  fonte?: Record<string, unknown>;
}

export interface EscavadorMonitoringRecord {
  id: number;
  numero: string;
  criado_em: string;
  data_ultima_verificacao: string | null;
  tribunais: Array<{ id: number; nome: string; sigla: string; categoria: null }>;
  frequencia: 'DIARIA' | 'SEMANAL';
  status: 'PENDENTE' | 'ENCONTRADO' | 'NAO_ENCONTRADO';
}

export interface EscavadorStandIn extends BaseStandIn {
  /** Monitorings by id (tests may read and change them). */
  monitorings: Map<number, EscavadorMonitoringRecord>;
  /** Processes in Escavador's base by their 20 digits, with their movements in any order. */
  processes: Map<string, EscavadorMovementItem[]>;
  /** Process covers (GET /processos/numero_cnj/{numero}) by the 20 digits; a process without one answers 404. */
  covers: Map<string, Record<string, unknown>>;
  /** Page size of the monitoring list (the docs show 20). */
  listPageSize: number;
  /** Where links.next points (default: the stand-in itself); tests set another host to see it refused. */
  linksBase: string | null;
  /** Puts a process into the base with its movements. */
  addProcess(numero: string, movements: EscavadorMovementItem[]): void;
  /** Ends a monitoring's search: ENCONTRADO or NAO_ENCONTRADO, verified now. */
  resolve(id: number, status: 'ENCONTRADO' | 'NAO_ENCONTRADO'): void;
  /** A callback body for a monitoring (a new uuid unless given). */
  callbackPayload(event: 'processo_encontrado' | 'processo_nao_encontrado' | 'nova_movimentacao', monitoringId: number, options?: { movement?: EscavadorMovementItem; uuid?: string }): Record<string, unknown>;
  /** POSTs a callback body to `url` with the panel's token in Authorization, like Escavador; answers the status. */
  sendCallback(url: string, body: unknown, authorization: string): Promise<number>;
}

const escavadorError = (status: number, code: string, message: string, errors: unknown = null): Answer => ({ status, body: { code, message, errors, appends: null } });

/** The court of a number as Escavador names it in `tribunais` (derived from J.TR). */
function tribunalOf(numero: string, sigla: string | undefined) {
  const court = courtOfCnj(numero);
  const chosen = sigla ?? court?.sigla;
  if (!chosen) return [];
  return [{ id: 100 + (chosen.charCodeAt(2) % 50), nome: court && court.sigla === chosen ? court.nome : chosen, sigla: chosen, categoria: null }];
}

export async function startEscavadorStandIn({ token }: { token: string }): Promise<EscavadorStandIn> {
  let nextId = 1567024;
  const extra = {
    monitorings: new Map<number, EscavadorMonitoringRecord>(),
    processes: new Map<string, EscavadorMovementItem[]>(),
    covers: new Map<string, Record<string, unknown>>(),
    listPageSize: 20,
    linksBase: null as string | null,
  };
  const standIn = await startServer('/api/v2', extra, (self) => (request, behaviour, url) => {
    if (behaviour === 'hang') return 'hang';
    const credits = { 'Creditos-Utilizados': '0' };
    if (request.headers.authorization !== `Bearer ${token}` || behaviour === 'unauthorized') return { status: 401, body: { error: 'Unauthenticated' } };
    if (behaviour === 'no-credit') return { status: 402, body: { error: 'Você não possui saldo em crédito da API.' } };
    if (behaviour === 'rate-limited') return { status: 429, body: { message: 'Too Many Attempts.' }, headers: self.retryAfterSeconds === null ? undefined : { 'Retry-After': String(self.retryAfterSeconds) } };
    if (behaviour === 'server-error') return { status: 500, body: { message: 'Server Error' } };
    if (behaviour === 'redirect') return { status: 302, headers: { Location: 'https://outro-servidor.example/api/v2/' } };

    const linkBase = (self.linksBase ?? self.url).replace(/\/+$/, '');
    const path = url.pathname.replace(/^\/api\/v2/, '');
    const monitoringPath = /^\/monitoramentos\/processos(?:\/([^/]+))?$/.exec(path);
    if (monitoringPath) {
      const id = monitoringPath[1];
      if (!id && request.method === 'POST') {
        const numero = field(request.body, 'numero');
        const frequencia = field(request.body, 'frequencia') ?? 'DIARIA';
        const tribunal = field(request.body, 'tribunal');
        if (typeof numero !== 'string' || !CNJ_PATTERN.test(numero.trim())) return escavadorError(422, 'NUMERO_CNJ_INVALIDO', 'O número do processo não está no formato CNJ.');
        if (frequencia !== 'DIARIA' && frequencia !== 'SEMANAL') return escavadorError(422, 'UNPROCESSABLE_ENTITY', 'Não foi possível processar a solicitação', { frequencia: ['O campo frequencia deve ser DIARIA ou SEMANAL.'] });
        if (tribunal !== undefined && (typeof tribunal !== 'string' || !/^[A-Z0-9-]{2,10}$/.test(tribunal))) return escavadorError(422, 'UNPROCESSABLE_ENTITY', 'Não foi possível processar a solicitação', { tribunal: ['Tribunal inválido.'] });
        if ([...self.monitorings.values()].some((m) => digitsOf(m.numero) === digitsOf(numero))) return escavadorError(422, 'UNPROCESSABLE_ENTITY', 'Você já monitora este processo.');
        const record: EscavadorMonitoringRecord = {
          id: nextId++,
          numero: numero.trim(),
          criado_em: new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00'),
          data_ultima_verificacao: null,
          tribunais: tribunalOf(numero.trim(), tribunal as string | undefined),
          frequencia,
          status: 'PENDENTE',
        };
        self.monitorings.set(record.id, record);
        return { status: 200, body: record, headers: credits };
      }
      if (!id && request.method === 'GET') {
        const page = Math.max(1, Number(url.searchParams.get('page') ?? '1') || 1);
        const all = [...self.monitorings.values()];
        const totalPages = Math.max(1, Math.ceil(all.length / self.listPageSize));
        const pageLink = (n: number) => `${linkBase}/monitoramentos/processos?page=${n}`;
        return {
          status: 200,
          headers: credits,
          body: {
            items: all.slice((page - 1) * self.listPageSize, page * self.listPageSize),
            links: { next: page < totalPages ? pageLink(page + 1) : null, prev: page > 1 ? pageLink(page - 1) : null, first: pageLink(1), last: pageLink(totalPages) },
            paginator: { current_page: page, per_page: self.listPageSize, total: all.length, total_pages: totalPages },
          },
        };
      }
      if (id && (request.method === 'GET' || request.method === 'DELETE')) {
        const record = self.monitorings.get(Number(id));
        if (!record) return { status: 404, body: { error: 'NotFound' } };
        if (request.method === 'GET') return { status: 200, body: record, headers: credits };
        self.monitorings.delete(record.id);
        return { status: 204, headers: credits };
      }
      return { status: 405, body: { message: 'The method is not supported for this route.' } };
    }

    const coverPath = /^\/processos\/numero_cnj\/([^/]+)$/.exec(path);
    if (coverPath && request.method === 'GET') {
      const cover = self.covers.get(digitsOf(decodeURIComponent(coverPath[1]!)));
      return cover ? { status: 200, headers: credits, body: cover } : escavadorError(404, 'NOT_FOUND', 'Recurso não encontrado');
    }

    const movementsPath = /^\/processos\/numero_cnj\/([^/]+)\/movimentacoes$/.exec(path);
    if (movementsPath && request.method === 'GET') {
      const numero = decodeURIComponent(movementsPath[1]!);
      if (!CNJ_PATTERN.test(numero) && !/^\d{20}$/.test(numero)) return escavadorError(422, 'NUMERO_CNJ_INVALIDO', 'O número do processo não está no formato CNJ.');
      const movements = self.processes.get(digitsOf(numero));
      if (!movements) return escavadorError(404, 'NOT_FOUND', 'Recurso não encontrado');
      const limit = Number(url.searchParams.get('li') ?? url.searchParams.get('limit') ?? '20');
      if (!Number.isInteger(limit) || (url.searchParams.has('limit') && (limit < 50 || limit > 500 || limit % 50 !== 0))) {
        return escavadorError(422, 'UNPROCESSABLE_ENTITY', 'Não foi possível processar a solicitação', { limit: ['O limite deve ser um múltiplo de 50 entre 50 e 500.'] });
      }
      const ordem = url.searchParams.get('ordem') ?? 'desc';
      const sorted = [...movements].sort((a, b) => (ordem === 'asc' ? a.data.localeCompare(b.data) : b.data.localeCompare(a.data)));
      const cursor = url.searchParams.get('cursor');
      const offset = cursor ? Number(Buffer.from(cursor, 'base64url').toString('utf8').replace(/^offset:/, '')) : 0;
      if (!Number.isInteger(offset) || offset < 0) return escavadorError(422, 'UNPROCESSABLE_ENTITY', 'Não foi possível processar a solicitação', { cursor: ['Cursor inválido.'] });
      const items = sorted.slice(offset, offset + limit);
      const nextOffset = offset + limit;
      const next =
        nextOffset < sorted.length
          ? `${linkBase}/processos/numero_cnj/${encodeURIComponent(numero)}/movimentacoes?cursor=${Buffer.from(`offset:${nextOffset}`).toString('base64url')}&li=${limit}${ordem === 'asc' ? '&ordem=asc' : ''}`
          : null;
      return { status: 200, headers: credits, body: { items, links: { next }, paginator: { per_page: limit } } };
    }
    return escavadorError(404, 'NOT_FOUND', 'Recurso não encontrado');
  });

  return Object.assign(standIn, {
    addProcess(numero: string, movements: EscavadorMovementItem[]) {
      standIn.processes.set(digitsOf(numero), movements);
    },
    resolve(id: number, status: 'ENCONTRADO' | 'NAO_ENCONTRADO') {
      const record = standIn.monitorings.get(id);
      if (!record) throw new Error(`no monitoring ${id}`);
      record.status = status;
      record.data_ultima_verificacao = new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00');
    },
    callbackPayload(event: 'processo_encontrado' | 'processo_nao_encontrado' | 'nova_movimentacao', monitoringId: number, options: { movement?: EscavadorMovementItem; uuid?: string } = {}) {
      const monitoramento = standIn.monitorings.get(monitoringId);
      if (!monitoramento) throw new Error(`no monitoring ${monitoringId}`);
      return {
        event,
        monitoramento: { ...monitoramento },
        ...(event === 'nova_movimentacao' ? { movimentacao: options.movement } : {}),
        uuid: options.uuid ?? randomBytes(16).toString('hex'),
      };
    },
    async sendCallback(url: string, body: unknown, authorization: string) {
      const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: authorization }, body: JSON.stringify(body), signal: AbortSignal.timeout(5000) });
      await response.arrayBuffer();
      return response.status;
    },
  });
}

// ---------------------------------------------------------------------------------------------------
// DataJud: POST /api_publica_<alias>/_search, Authorization: APIKey <key>, Elasticsearch answers.

/** The 91 aliases DataJud indexes: 27 state courts, superior, federal, labour, electoral and state military courts. */
export const DATAJUD_ALIASES: ReadonlySet<string> = new Set([
  ...'tjac tjal tjam tjap tjba tjce tjdft tjes tjgo tjma tjmg tjms tjmt tjpa tjpb tjpe tjpi tjpr tjrj tjrn tjro tjrr tjrs tjsc tjse tjsp tjto'.split(' '),
  ...'ac al am ap ba ce dft es go ma mg ms mt pa pb pe pi pr rj rn ro rr rs sc se sp to'.split(' ').map((uf) => `tre-${uf}`),
  'tst', 'tse', 'stj', 'stm', 'tjmmg', 'tjmrs', 'tjmsp',
  ...Array.from({ length: 6 }, (_, i) => `trf${i + 1}`),
  ...Array.from({ length: 24 }, (_, i) => `trt${i + 1}`),
]);

/** One hit's _source as DataJud's wiki shows it (what tests index). */
export interface DataJudSource {
  numeroProcesso: string;
  grau: string;
  tribunal: string;
  classe?: { codigo: number; nome: string };
  movimentos: Array<{ codigo: number; nome: string; dataHora: string; complementosTabelados?: Array<{ codigo: number; valor: number; nome: string; descricao: string }> }>;
  [key: string]: unknown;
}

export interface DataJudStandIn extends BaseStandIn {
  /** The documents of each alias (one per instance of a process). */
  indices: Map<string, DataJudSource[]>;
  /** Adds a document (one instance of a process) to an alias's index. */
  index(alias: string, source: DataJudSource): void;
  /**
   * Scripts the next authorised _search answers as given bodies (a real answer read from
   * ../shared/fixtures/real-world/: failed shards, timed_out, a real hit), one per request, status 200
   * unless given; then requests are answered from the indices again.
   */
  nextBodies(...answers: Array<{ body: unknown; status?: number }>): void;
}

const esError = (status: number, type: string, reason: string, headers?: Record<string, string>): Answer => ({ status, headers, body: { error: { root_cause: [{ type, reason }], type, reason }, status } });

export async function startDataJudStandIn({ apiKey }: { apiKey: string }): Promise<DataJudStandIn> {
  const bodies: Array<{ body: unknown; status?: number }> = [];
  const standIn = await startServer('', { indices: new Map<string, DataJudSource[]>() }, (self) => (request, behaviour, url) => {
    if (behaviour === 'hang') return 'hang';
    // The wiki writes the scheme APIKey and ApiKey: both are accepted, nothing else.
    const key = /^(?:APIKey|ApiKey) (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (key !== apiKey || behaviour === 'unauthorized') return esError(401, 'security_exception', 'unable to authenticate with provided credentials');
    if (behaviour === 'rate-limited') return { ...esError(429, 'too_many_requests', 'Limite de requisições excedido'), headers: self.retryAfterSeconds === null ? undefined : { 'Retry-After': String(self.retryAfterSeconds) } };
    if (behaviour === 'server-error' || behaviour === 'no-credit') return esError(503, 'unavailable_shards_exception', 'Service temporarily unavailable');
    if (behaviour === 'redirect') return { status: 301, headers: { Location: 'https://outro-servidor.example/' } };
    const scriptedBody = bodies.shift();
    if (scriptedBody) return { status: scriptedBody.status ?? 200, body: scriptedBody.body };

    const search = /^\/api_publica_([a-z0-9-]+)\/_search$/.exec(url.pathname);
    if (!search) return esError(404, 'index_not_found_exception', `no such index [${url.pathname.split('/')[1] ?? ''}]`);
    const alias = search[1]!;
    if (!DATAJUD_ALIASES.has(alias)) return esError(404, 'index_not_found_exception', `no such index [api_publica_${alias}]`);
    if (request.method !== 'POST' && request.method !== 'GET') return esError(405, 'method_not_allowed', `Incorrect HTTP method for uri [${url.pathname}] and method [${request.method}]`);
    const numero = field(field(field(request.body, 'query'), 'match'), 'numeroProcesso');
    if (typeof request.body !== 'object' || request.body === null) return esError(400, 'parsing_exception', 'request body is required');
    if (typeof numero !== 'string') return esError(400, 'parsing_exception', 'this stand-in answers only {"query":{"match":{"numeroProcesso":…}}}');
    const size = field(request.body, 'size') ?? 10;
    if (typeof size !== 'number' || !Number.isInteger(size) || size < 0 || size > 10_000) return esError(400, 'illegal_argument_exception', `Result window is too large, from + size must be less than or equal to: [10000] but was [${String(size)}]`);
    // A `match` on the keyword numeroProcesso: the 20 digits exactly (a masked number finds nothing).
    const documents = (self.indices.get(alias) ?? []).filter((d) => d.numeroProcesso === numero);
    return {
      status: 200,
      body: {
        took: 3,
        timed_out: false,
        _shards: { total: 1, successful: 1, skipped: 0, failed: 0 },
        hits: {
          total: { value: documents.length, relation: 'eq' },
          max_score: documents.length > 0 ? 12.3 : null,
          hits: documents.slice(0, size).map((source) => ({
            _index: `api_publica_${alias}`,
            _id: `${source.tribunal}_${source.classe?.codigo ?? 0}_${source.grau}_0_${source.numeroProcesso}`,
            _score: 12.3,
            _source: source,
          })),
        },
      },
    };
  });
  return Object.assign(standIn, {
    index(alias: string, source: DataJudSource) {
      standIn.indices.set(alias, [...(standIn.indices.get(alias) ?? []), source]);
    },
    nextBodies(...answers: Array<{ body: unknown; status?: number }>) {
      bodies.push(...answers);
    },
  });
}
