import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { maskCnj } from '~/domain/cnj';
import { DEFAULT_COURT_TIMEOUT_MS, callJson, commonHttpError, field, type HttpAnswer } from './http.server';
import { movementTypeOfText } from './movement-type';
import {
  CourtProviderError,
  type CheckProcessInput,
  type CourtMonitoringProvider,
  type MonitoringFrequency,
  type ProcessCheck,
  type ProcessDetails,
  type ProviderMovement,
  type ProviderParty,
  type StartMonitoringInput,
} from './provider';

// Escavador API v2, as its public documentation describes it: Bearer token (server side
// only), process monitorings at /monitoramentos/processos (create, list, get, delete), movements by CNJ
// number with cursor paging, its error answers, and its callbacks (parsed here, received by a
// route). docs/decisions/0029-court-monitoring-providers.md.

export interface EscavadorProviderOptions {
  /** `https://api.escavador.com/api/v2`: the API base with its version. */
  apiUrl: string;
  token: string;
  timeoutMs?: number;
  /** Movement pages followed per check (the newest first); default 10 pages of 100. */
  maxMovementPages?: number;
  /** Monitoring list pages followed when looking a number up; default 50 pages (of 20). */
  maxListPages?: number;
}

/** A process monitoring as Escavador answers it. */
export interface EscavadorMonitoring {
  id: string;
  numero: string;
  status: 'PENDENTE' | 'ENCONTRADO' | 'NAO_ENCONTRADO' | string;
  frequencia: MonitoringFrequency | string | null;
  tribunais: string[];
  criadoEm: string | null;
  dataUltimaVerificacao: string | null;
}

export interface EscavadorProvider extends CourtMonitoringProvider {
  readonly id: 'escavador';
  /** One monitoring by its id; a CourtProviderError 'not_found' when Escavador has none. */
  getMonitoring(id: string): Promise<EscavadorMonitoring>;
  /** Every monitoring of the account (links.next followed, up to `maxListPages` pages). */
  listMonitorings(): Promise<EscavadorMonitoring[]>;
}

const SERVICE = 'o Escavador';
/** Movements per page: the docs allow multiples of 50 between 50 and 500. */
const MOVEMENT_PAGE_SIZE = 100;
/** A movement's text kept at most this long (publications in the official gazette can be pages). */
const MOVEMENT_TEXT_MAX = 4000;

export function createEscavadorProvider({ apiUrl, token, timeoutMs = DEFAULT_COURT_TIMEOUT_MS, maxMovementPages = 10, maxListPages = 50 }: EscavadorProviderOptions): EscavadorProvider {
  const base = apiUrl.replace(/\/+$/, '');
  const origin = new URL(base).origin;
  // The headers of Escavador's official SDK, with our own User-Agent.
  const headers = { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest', 'User-Agent': 'jusconecta-monitoramento/1.0' };
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) => callJson(url, { method, headers, body, timeoutMs, service: SERVICE });

  /** A `links.next` to follow: only on the API's own host (the token never goes elsewhere). */
  function nextPage(answer: HttpAnswer): string | null {
    const next = field(field(answer.json, 'links'), 'next');
    if (typeof next !== 'string' || next === '') return null;
    const url = new URL(next, `${base}/`);
    if (url.origin !== origin) throw new CourtProviderError('unavailable', `O Escavador indicou a próxima página em outro endereço (${url.origin}); a paginação foi interrompida`);
    return url.href;
  }

  async function getMonitoring(id: string): Promise<EscavadorMonitoring> {
    const answer = await call('GET', `${base}/monitoramentos/processos/${encodeURIComponent(id)}`);
    if (answer.status !== 200) throw escavadorError(answer);
    return monitoringOf(answer.json);
  }

  async function listMonitorings(): Promise<EscavadorMonitoring[]> {
    const monitorings: EscavadorMonitoring[] = [];
    let url: string | null = `${base}/monitoramentos/processos`;
    for (let page = 0; url && page < maxListPages; page++) {
      const answer = await call('GET', url);
      if (answer.status !== 200) throw escavadorError(answer);
      const items = field(answer.json, 'items');
      if (Array.isArray(items)) monitorings.push(...items.map(monitoringOf));
      url = nextPage(answer);
    }
    return monitorings;
  }

  async function movements(numero: string): Promise<{ found: boolean; movements: ProviderMovement[] }> {
    const list: ProviderMovement[] = [];
    let url: string | null = `${base}/processos/numero_cnj/${encodeURIComponent(numero)}/movimentacoes?limit=${MOVEMENT_PAGE_SIZE}`;
    for (let page = 0; url && page < maxMovementPages; page++) {
      const answer = await call('GET', url);
      // No process under that number in Escavador's base: nothing found (on the first page only).
      if (answer.status === 404 && page === 0) return { found: false, movements: [] };
      if (answer.status !== 200) throw escavadorError(answer);
      const items = field(answer.json, 'items');
      if (Array.isArray(items)) for (const item of items) {
        const movement = escavadorMovement(item);
        if (movement) list.push(movement);
      }
      url = nextPage(answer);
    }
    return { found: true, movements: list };
  }

  /**
   * The process's cover (GET /processos/numero_cnj/{numero}): class, subjects, judging body, grau,
   * filing date and parties. Best effort: a cover Escavador does not have, or cannot give now, is no
   * cover (null), and the check goes on without it.
   */
  async function cover(numero: string): Promise<ProcessDetails | null> {
    try {
      const answer = await call('GET', `${base}/processos/numero_cnj/${encodeURIComponent(numero)}`);
      return answer.status === 200 ? escavadorDetails(answer.json) : null;
    } catch (error) {
      if (error instanceof CourtProviderError) return null;
      throw error;
    }
  }

  /** The movements, and the cover when the caller has none yet. */
  async function found(numero: string, needsDetails: boolean | undefined): Promise<ProcessCheck> {
    const list = await movements(numero);
    if (!list.found) return list;
    const details = needsDetails ? await cover(numero) : null;
    return details ? { ...list, details } : list;
  }

  return {
    id: 'escavador',
    displayName: 'Escavador',
    getMonitoring,
    listMonitorings,

    async startMonitoring({ numero, court, courtChosen, frequencia }: StartMonitoringInput) {
      const body: Record<string, string> = { numero, frequencia };
      // The court pins the search when the lawyer chose it (the same number may exist in another court).
      if (courtChosen && court) body.tribunal = court.sigla;
      const answer = await call('POST', `${base}/monitoramentos/processos`, body);
      if (answer.status === 200 || answer.status === 201) return { providerRef: monitoringOf(answer.json).id };
      const error = escavadorError(answer);
      if (error.kind !== 'duplicate') throw error;
      // The account already monitors it (another lawyer follows the same process): that monitoring is ours too.
      const existing = (await listMonitorings()).find((m) => m.numero.replace(/\D/g, '') === numero.replace(/\D/g, ''));
      if (!existing) throw error;
      return { providerRef: existing.id };
    },

    async stopMonitoring({ providerRef }) {
      if (!providerRef) return;
      const answer = await call('DELETE', `${base}/monitoramentos/processos/${encodeURIComponent(providerRef)}`);
      // 204 stopped; 404 already gone there: stopped as well.
      if ((answer.status >= 200 && answer.status < 300) || answer.status === 404) return;
      throw escavadorError(answer);
    },

    async checkProcess({ numero, providerRef, needsDetails }: CheckProcessInput): Promise<ProcessCheck> {
      if (providerRef) {
        const monitoring = await getMonitoring(providerRef);
        if (monitoring.status === 'PENDENTE') return { found: false, pending: true, movements: [] };
        if (monitoring.status === 'NAO_ENCONTRADO') return { found: false, movements: [] };
        const check = await found(numero, needsDetails);
        // The monitoring says ENCONTRADO: a movement list not yet there is an empty one.
        return { ...check, found: true };
      }
      return found(numero, needsDetails);
    },
  };
}

function stringOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** A monitoring object of Escavador's; a 2xx answer without an id is the API's fault (unavailable). */
function monitoringOf(json: unknown): EscavadorMonitoring {
  const id = stringOf(field(json, 'id'));
  if (!id) throw new CourtProviderError('unavailable', 'O Escavador respondeu sem o identificador do monitoramento');
  const tribunais = field(json, 'tribunais');
  return {
    id,
    numero: stringOf(field(json, 'numero')) ?? '',
    status: stringOf(field(json, 'status')) ?? 'PENDENTE',
    frequencia: stringOf(field(json, 'frequencia')),
    tribunais: Array.isArray(tribunais) ? tribunais.map((t) => stringOf(field(t, 'sigla'))).filter((s): s is string => s !== null) : [],
    criadoEm: stringOf(field(json, 'criado_em')),
    dataUltimaVerificacao: stringOf(field(json, 'data_ultima_verificacao')),
  };
}

/** 'YYYY-MM-DD' (or an ISO date-time) as a Date: a date alone is midnight UTC of that day. Null if unreadable. */
function dateOf(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  const date = day ? new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]))) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function clip(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > MOVEMENT_TEXT_MAX ? `${clean.slice(0, MOVEMENT_TEXT_MAX - 1)}…` : clean;
}

/**
 * One movement (of the movements list or of a callback) as a ProviderMovement: the date, `conteudo` as the text (the predicted
 * classification's name when there is no content), and the badge from Escavador's own predicted
 * classification when it has one, else from the first 200 characters of the content (movement-type.ts).
 * Null for an item without a readable date or any text.
 */
export function escavadorMovement(item: unknown): ProviderMovement | null {
  const data = dateOf(field(item, 'data'));
  const classification = field(item, 'classificacao_predita');
  const classified = [field(classification, 'nome'), field(classification, 'hierarquia')].filter((v): v is string => typeof v === 'string' && v.trim() !== '').join(' > ');
  const conteudo = typeof field(item, 'conteudo') === 'string' ? (field(item, 'conteudo') as string) : '';
  const descricao = clip(conteudo || (typeof field(classification, 'nome') === 'string' ? (field(classification, 'nome') as string) : ''));
  if (!data || !descricao) return null;
  return { data, descricao, tipo: movementTypeOfText(classified ? classified : descricao.slice(0, 200)) };
}

const textOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.replace(/\s+/g, ' ').trim() : null);

/**
 * A process cover of Escavador's (GET /processos/numero_cnj/{numero}; the official SDK's Processo and
 * FonteProcesso): the court source's `capa` (classe, assuntos_normalizados or assunto, orgao_julgador,
 * data_distribuicao) and `envolvidos` (nome, tipo_normalizado or tipo, polo), its grau_formatado; the
 * process's data_inicio when the cover has no filing date. Null when the answer has no source.
 */
export function escavadorDetails(json: unknown): ProcessDetails | null {
  const fontes = field(json, 'fontes');
  if (!Array.isArray(fontes) || fontes.length === 0) return null;
  const fonte = fontes.find((f) => field(f, 'tipo') === 'TRIBUNAL') ?? fontes[0];
  const capa = field(fonte, 'capa');
  const normalised = field(capa, 'assuntos_normalizados');
  const assuntos = Array.isArray(normalised) ? normalised.map((a) => textOf(field(a, 'nome'))).filter((a): a is string => a !== null) : [];
  const assunto = textOf(field(capa, 'assunto'));
  if (assuntos.length === 0 && assunto) assuntos.push(assunto);
  const envolvidos = field(fonte, 'envolvidos');
  const partes: ProviderParty[] = (Array.isArray(envolvidos) ? envolvidos : [])
    .map((e) => ({ nome: textOf(field(e, 'nome')) ?? '', tipo: textOf(field(e, 'tipo_normalizado')) ?? textOf(field(e, 'tipo')), polo: textOf(field(e, 'polo')) }))
    .filter((p) => p.nome !== '')
    .slice(0, 50);
  const filed = dateOf(field(capa, 'data_distribuicao')) ?? dateOf(field(json, 'data_inicio'));
  return {
    classe: textOf(field(capa, 'classe')),
    assuntos,
    orgaoJulgador: textOf(field(capa, 'orgao_julgador')),
    grau: textOf(field(fonte, 'grau_formatado')),
    dataAjuizamento: filed ? filed.toISOString() : null,
    partes,
  };
}

/** The provider's own message in an error answer: `error` (401, 402, some 404s) or `message` with the fields' `errors`. */
function providerMessage(answer: HttpAnswer): string {
  const error = field(answer.json, 'error');
  if (typeof error === 'string' && error) return error;
  const message = field(answer.json, 'message');
  const errors = field(answer.json, 'errors');
  const fieldErrors =
    errors && typeof errors === 'object'
      ? Object.values(errors as Record<string, unknown>)
          .flatMap((v) => (Array.isArray(v) ? v : [v]))
          .filter((v): v is string => typeof v === 'string')
      : [];
  const text = [typeof message === 'string' ? message : '', ...fieldErrors].filter(Boolean).join(' — ');
  return text || answer.text || `HTTP ${answer.status}`;
}

/** The duplicate-monitoring 422: its `code` is unconfirmed, its message says "já monitora este processo". */
const DUPLICATE = /j[aá] monitora/i;

/**
 * An Escavador error answer as a CourtProviderError: 401/403 auth, 402 no_credit, 404
 * not_found, 422 duplicate (the "já monitora" message) or invalid, 429 rate_limited (Retry-After when
 * sent; none is documented), 5xx unavailable, a redirect unavailable, any other 4xx invalid.
 */
export function escavadorError(answer: HttpAnswer): CourtProviderError {
  const detail = providerMessage(answer);
  const { status } = answer;
  const common = commonHttpError(answer, detail);
  if (common) return common;
  if (status === 401 || status === 403) return new CourtProviderError('auth', detail, { status });
  if (status === 402) return new CourtProviderError('no_credit', detail, { status });
  if (status === 404) return new CourtProviderError('not_found', detail, { status });
  if (status === 422 && DUPLICATE.test(detail)) return new CourtProviderError('duplicate', detail, { status });
  if (status >= 200 && status < 300) return new CourtProviderError('unavailable', `Resposta inesperada do Escavador (HTTP ${status})`, { status });
  return new CourtProviderError('invalid', detail, { status });
}

// ---------------------------------------------------------------------------------------------------
// Callbacks: one URL per account, POSTed JSON with `event`, `uuid` and the objects of the
// event; the panel's token in the Authorization header (raw or Bearer: unconfirmed, so both).

const idSchema = z.union([z.number(), z.string().min(1)]);
const text = z.string().nullish();
const monitoringSchema = z.looseObject({ id: idSchema, numero: z.string().optional(), status: z.string().optional() });
const movementSchema = z.looseObject({
  id: idSchema.optional(),
  data: z.string().regex(/^\d{4}-\d{2}-\d{2}/),
  tipo: text,
  conteudo: text,
  classificacao_predita: z.looseObject({ nome: text, descricao: text, hierarquia: text }).nullish(),
});
const callbackSchema = z.looseObject({
  event: z.string().trim().min(1).max(100),
  uuid: z.string().trim().min(1).max(200),
  monitoramento: z.unknown().optional(),
  movimentacao: z.unknown().optional(),
  atualizacao: z.looseObject({ numero_cnj: z.string().optional(), status: z.string().optional() }).optional(),
  processo: z.looseObject({ numero_cnj: z.string().optional() }).optional(),
});

/** The events the monitoring acts on; any other is stored and answered 200, and nothing else (the full list of events is not documented). */
export const ESCAVADOR_MONITORING_EVENTS = ['processo_encontrado', 'processo_nao_encontrado', 'nova_movimentacao'] as const;

export interface EscavadorCallback {
  /** The event's id: the same event may arrive more than once, and is handled once by it. */
  uuid: string;
  event: string;
  /** One of ESCAVADOR_MONITORING_EVENTS. */
  known: boolean;
  /** The process number in the CNJ mask (20 digits are masked), or null when the event names none. */
  numero: string | null;
  /** Escavador's monitoring id (the providerRef), or null when the event carries no monitoring. */
  monitoringRef: string | null;
  /** processo_encontrado → true, processo_nao_encontrado → false; undefined for the other events. */
  found?: boolean;
  /** The movement nova_movimentacao carries (one); empty for the other events. */
  movements: ProviderMovement[];
}

export type EscavadorCallbackParse = { ok: true; callback: EscavadorCallback } | { ok: false; reason: string };

function masked(numero: string | undefined): string | null {
  if (!numero) return null;
  return /^\d{20}$/.test(numero.trim()) ? maskCnj(numero) : numero.trim();
}

/**
 * A callback body (already parsed JSON) as the event it carries, or why it is malformed: no `event` or
 * `uuid`; a monitoring event without its `monitoramento`; nova_movimentacao without a readable
 * `movimentacao`. Unknown events are accepted (known: false) with whatever number they name.
 */
export function parseEscavadorCallback(body: unknown): EscavadorCallbackParse {
  const parsed = callbackSchema.safeParse(body);
  if (!parsed.success) return { ok: false, reason: `Callback do Escavador malformado: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'corpo'}: ${i.message}`).join('; ')}` };
  const { event, uuid, atualizacao, processo } = parsed.data;
  const known = (ESCAVADOR_MONITORING_EVENTS as readonly string[]).includes(event);
  const monitoring = monitoringSchema.safeParse(parsed.data.monitoramento);
  if (known && !monitoring.success) return { ok: false, reason: `Callback do Escavador malformado: o evento ${event} veio sem o monitoramento` };
  const callback: EscavadorCallback = {
    uuid,
    event,
    known,
    numero: masked(monitoring.data?.numero ?? atualizacao?.numero_cnj ?? processo?.numero_cnj),
    monitoringRef: monitoring.success ? String(monitoring.data.id) : null,
    movements: [],
  };
  if (event === 'processo_encontrado') callback.found = true;
  if (event === 'processo_nao_encontrado') callback.found = false;
  if (event === 'nova_movimentacao') {
    const movement = movementSchema.safeParse(parsed.data.movimentacao);
    const converted = movement.success ? escavadorMovement(movement.data) : null;
    if (!converted) return { ok: false, reason: 'Callback do Escavador malformado: nova_movimentacao sem uma movimentação com data e conteúdo' };
    callback.movements.push(converted);
  }
  return { ok: true, callback };
}

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Whether a callback's Authorization header carries the panel's token, raw or as `Bearer <token>`
 * (Escavador's documentation does not say which). Compared in constant time on the SHA-256 of both,
 * so neither the content nor the length leaks. No expected token, or no header: refused.
 */
export function escavadorCallbackAuthorized(headerValue: string | null | undefined, expectedToken: string | null | undefined): boolean {
  if (!headerValue || !expectedToken) return false;
  const presented = headerValue.trim().replace(/^Bearer\s+/i, '');
  if (!presented) return false;
  return timingSafeEqual(sha256(presented), sha256(expectedToken));
}
