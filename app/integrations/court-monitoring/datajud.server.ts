import { DEFAULT_COURT_TIMEOUT_MS, callJson, commonHttpError, field, type HttpAnswer } from './http.server';
import { movementTypeOfText } from './movement-type';
import { CourtProviderError, type CheckProcessInput, type CourtMonitoringProvider, type ProcessCheck, type ProcessDetails, type ProviderCourt, type ProviderMovement } from './provider';
import { movementTypeOfCode } from './tpu-movements';

// The CNJ's public DataJud API, as its wiki (datajud-wiki.cnj.jus.br) describes it: one
// Elasticsearch index per court (api_publica_<alias>), `Authorization: APIKey <key>`, a `match` on the
// 20-digit numeroProcesso, one hit per instance (G1, G2, JE…) whose `movimentos` are merged. DataJud
// has no monitoring and no callbacks: the app polls (docs/decisions/0029-court-monitoring-providers.md).

export interface DataJudProviderOptions {
  /** `https://api-publica.datajud.cnj.jus.br`. */
  apiUrl: string;
  /** The public key CNJ publishes on its wiki (it may change it: configuration, never code). */
  apiKey: string;
  timeoutMs?: number;
  /** Requests per second to each court's index, at most (DATAJUD_REQUESTS_PER_SECOND; default 1). */
  requestsPerSecond?: number;
}

/**
 * A per-court pace: each index (api_publica_<alias>) gets at most `perSecond` requests a second from
 * this process, on top of the check job's concurrency limit. Requests to one court wait their turn
 * (spaced 1/perSecond apart); other courts are not held up. docs/decisions/0051.
 */
export function createCourtPacer(perSecond: number, now: () => number = Date.now) {
  const interval = 1000 / perSecond;
  const nextFree = new Map<string, number>();
  return async function pace(alias: string): Promise<void> {
    const at = Math.max(now(), nextFree.get(alias) ?? 0);
    nextFree.set(alias, at + interval);
    const wait = at - now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  };
}

const SERVICE = 'o DataJud (CNJ)';
/** Hits asked for: one per instance of the process; more than a handful never happens. */
const HITS_SIZE = 20;

export function createDataJudProvider({ apiUrl, apiKey, timeoutMs = DEFAULT_COURT_TIMEOUT_MS, requestsPerSecond = 1 }: DataJudProviderOptions): CourtMonitoringProvider {
  const base = apiUrl.replace(/\/+$/, '');
  const pace = createCourtPacer(requestsPerSecond);
  return {
    id: 'datajud',
    displayName: 'DataJud (CNJ)',

    async startMonitoring({ court }) {
      // Nothing to register, but a court DataJud does not index is refused now rather than at every check.
      aliasOf(court);
      return { providerRef: null };
    },

    async stopMonitoring() {
      // Nothing registered, nothing to stop.
    },

    async checkProcess({ numero, court }: CheckProcessInput): Promise<ProcessCheck> {
      const alias = aliasOf(court);
      const digits = numero.replace(/\D/g, '');
      if (digits.length !== 20) throw new CourtProviderError('invalid', `Número de processo fora do padrão CNJ: ${numero}`);
      await pace(alias);
      const answer = await callJson(`${base}/api_publica_${encodeURIComponent(alias)}/_search`, {
        method: 'POST',
        headers: { Authorization: `APIKey ${apiKey}` },
        body: { query: { match: { numeroProcesso: digits } }, size: HITS_SIZE },
        timeoutMs,
        service: SERVICE,
      });
      if (answer.status !== 200) throw dataJudError(answer, alias);
      return dataJudCheck(answer.json, digits);
    },
  };
}

/** The court's index alias, or an 'invalid' error naming the court DataJud has no index for (STF). */
function aliasOf(court: ProviderCourt | null): string {
  if (!court) throw new CourtProviderError('invalid', 'O DataJud (CNJ) precisa do tribunal do processo, e não foi possível identificá-lo pelo número.');
  if (!court.datajudAlias) throw new CourtProviderError('invalid', `O DataJud (CNJ) não tem dados do ${court.sigla}: o monitoramento deste tribunal não é suportado.`);
  return court.datajudAlias;
}

/**
 * A _search answer as a check (for the number whose 20 digits are `digits`, when given: hits of other
 * numbers are left out). An answer that is not complete is no answer: `timed_out: true` or any
 * failed shard (`_shards.failed > 0`: the cluster answered from part of the index) is a retryable
 * 'unavailable' error, never "not found". A complete answer: found when hits.total.value > 0 (an
 * answer without it: when it has hits); the `movimentos` of every hit (every instance) merged, once
 * per (codigo, dataHora), oldest first; the cover (class, subjects, judging body, grau, filing date) of
 * the instance that moved last. Its "not found" needs confirming (docs/decisions/0051).
 */
export function dataJudCheck(json: unknown, digits?: string): ProcessCheck {
  const incomplete = incompleteAnswer(json);
  if (incomplete) throw new CourtProviderError('unavailable', incomplete, { status: 200 });
  const hits = field(json, 'hits');
  const list = field(hits, 'hits');
  // A `match` may score other numbers too: only the hits of the number asked for (when the hit says its number).
  const documents = (Array.isArray(list) ? list : []).filter((hit) => {
    const numero = field(field(hit, '_source'), 'numeroProcesso');
    return digits === undefined || typeof numero !== 'string' || numero === digits;
  });
  // hits.total is { value, relation } (Elasticsearch 7+) or a bare number (older versions).
  const total = typeof field(hits, 'total') === 'number' ? field(hits, 'total') : field(field(hits, 'total'), 'value');
  const found = documents.length > 0 || (typeof total === 'number' && total > 0 && (!Array.isArray(list) || list.length === 0));
  const seen = new Set<string>();
  const movements: Array<ProviderMovement & { order: number }> = [];
  let latest: { source: unknown; at: number } | null = null;
  for (const hit of documents) {
    const source = field(hit, '_source');
    const movimentos = field(source, 'movimentos');
    let lastMoved = dateTimeOf(field(source, 'dataHoraUltimaAtualizacao'))?.getTime() ?? 0;
    for (const movimento of Array.isArray(movimentos) ? movimentos : []) {
      const movement = dataJudMovement(movimento);
      if (!movement) continue;
      lastMoved = Math.max(lastMoved, movement.data.getTime());
      const key = `${String(field(movimento, 'codigo') ?? movement.descricao)}|${movement.data.toISOString()}`;
      if (seen.has(key)) continue;
      seen.add(key);
      movements.push({ ...movement, order: movements.length });
    }
    if (!latest || lastMoved > latest.at) latest = { source, at: lastMoved };
  }
  movements.sort((a, b) => a.data.getTime() - b.data.getTime() || a.order - b.order);
  return {
    found,
    movements: movements.map(({ order: _order, ...movement }) => movement),
    ...(latest ? { details: dataJudDetails(latest.source) } : {}),
    notFoundNeedsConfirmation: true,
  };
}

/** Why an HTTP 200 is not a complete answer (timed out, shards failed), or null when it is complete. */
export function incompleteAnswer(json: unknown): string | null {
  if (!field(json, 'hits') || typeof field(json, 'hits') !== 'object') return 'O DataJud (CNJ) respondeu sem o resultado da busca (hits): resposta incompleta';
  if (field(json, 'timed_out') === true) return 'O DataJud (CNJ) não concluiu a busca no tempo (timed_out): resposta incompleta';
  const failed = field(field(json, '_shards'), 'failed');
  if (typeof failed === 'number' && failed > 0) {
    const totalShards = field(field(json, '_shards'), 'total');
    return `O DataJud (CNJ) respondeu com ${failed}${typeof totalShards === 'number' ? ` de ${totalShards}` : ''} partes do índice em falha: resposta incompleta`;
  }
  return null;
}

const cleanText = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? fixMojibake(value).replace(/\s+/g, ' ').trim() : null);

/** The subjects' names: DataJud nests them in arrays on some courts (wiki exemplo2: [[{…}], [{…}]]). */
function subjectNames(value: unknown, into: string[] = [], depth = 0): string[] {
  if (depth > 4) return into;
  if (Array.isArray(value)) for (const item of value) subjectNames(item, into, depth + 1);
  else {
    const name = cleanText(field(value, 'nome'));
    if (name && !into.includes(name)) into.push(name);
  }
  return into;
}

/** One hit's cover: class, subjects, judging body, grau and filing date (DataJud's public API has no parties). */
export function dataJudDetails(source: unknown): ProcessDetails {
  const filed = dateTimeOf(field(source, 'dataAjuizamento'));
  return {
    classe: cleanText(field(field(source, 'classe'), 'nome')),
    assuntos: subjectNames(field(source, 'assuntos')),
    orgaoJulgador: cleanText(field(field(source, 'orgaoJulgador'), 'nome')),
    grau: cleanText(field(source, 'grau')),
    dataAjuizamento: filed ? filed.toISOString() : null,
    partes: [],
  };
}

/**
 * Text double-encoded by some courts (UTF-8 read as Latin-1, 'DecisÃ£o'): read back as UTF-8 when
 * it has the tell-tale 'Ã'/'Â' pairs and the result is clean; any other text as it is.
 */
export function fixMojibake(text: string): string {
  if (!/[ÃÂ][\u0080-\u00bf]/.test(text) || [...text].some((c) => c.charCodeAt(0) > 0xff)) return text;
  const fixed = Buffer.from(text, 'latin1').toString('utf8');
  return fixed.includes('\ufffd') ? text : fixed;
}

/** dataHora: ISO 8601 (a zone-less one read as UTC), or the compact 'YYYYMMDDhhmmss' some courts send. */
function dateTimeOf(value: unknown): Date | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const trimmed = value.trim();
  const compact = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(trimmed);
  let date: Date;
  if (compact) {
    const [, y, mo, d, h, mi, s] = compact.map(Number) as [number, number, number, number, number, number, number];
    date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  } else {
    date = new Date(/[zZ]|[+-]\d{2}:?\d{2}$/.test(trimmed) || !trimmed.includes('T') ? trimmed : `${trimmed}Z`);
  }
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * One `movimentos` entry as a ProviderMovement: the TPU name, then the tabled complements' values
 * ('Distribuição: competência exclusiva'; 'Conclusão: para despacho'). The badge comes from the TPU
 * code (tpu-movements.ts, docs/decisions/0050); only an entry without a code is read by its name
 * (movement-type.ts). Complements say where a case goes ('para julgamento'), not what happened: they
 * never decide the badge. Null without a readable date or name.
 */
export function dataJudMovement(movimento: unknown): ProviderMovement | null {
  const data = dateTimeOf(field(movimento, 'dataHora'));
  const rawName = field(movimento, 'nome');
  const nome = typeof rawName === 'string' ? fixMojibake(rawName).replace(/\s+/g, ' ').trim() : '';
  if (!data || !nome) return null;
  const complementos = field(movimento, 'complementosTabelados');
  const values = (Array.isArray(complementos) ? complementos : [])
    .map((c) => field(c, 'nome'))
    .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
    .map((v) => fixMojibake(v).replace(/\s+/g, ' ').trim());
  const descricao = values.length > 0 ? `${nome}: ${[...new Set(values)].join('; ')}` : nome;
  const rawCode = field(movimento, 'codigo');
  const codigo = typeof rawCode === 'number' && Number.isInteger(rawCode) ? rawCode : typeof rawCode === 'string' && /^\d{1,9}$/.test(rawCode) ? Number(rawCode) : undefined;
  return codigo === undefined ? { data, descricao, tipo: movementTypeOfText(nome) } : { data, descricao, tipo: movementTypeOfCode(codigo), codigo };
}

/** Elasticsearch's reason (error.reason, or the first root_cause's), else the body. */
function reasonOf(answer: HttpAnswer): string {
  const error = field(answer.json, 'error');
  if (typeof error === 'string' && error) return error;
  const reason = field(error, 'reason');
  if (typeof reason === 'string' && reason) return reason;
  const rootCause = field(error, 'root_cause');
  const first = Array.isArray(rootCause) ? field(rootCause[0], 'reason') : undefined;
  if (typeof first === 'string' && first) return first;
  const message = field(answer.json, 'message');
  if (typeof message === 'string' && message) return message;
  return answer.text || `HTTP ${answer.status}`;
}

/**
 * A DataJud error answer as a CourtProviderError: 401/403 auth (the key; CNJ may have changed
 * it), 404 index_not_found invalid (no index for that alias), other 404 not_found, 429 rate_limited
 * with Retry-After, 5xx unavailable, any other 4xx invalid (a query it refused).
 */
export function dataJudError(answer: HttpAnswer, alias: string): CourtProviderError {
  const detail = reasonOf(answer);
  const { status } = answer;
  const common = commonHttpError(answer, detail);
  if (common) return common;
  if (status === 401 || status === 403) return new CourtProviderError('auth', `O DataJud (CNJ) recusou a chave de API (HTTP ${status}): ${detail}`, { status });
  if (status === 404) {
    const type = field(field(answer.json, 'error'), 'type');
    if (type === 'index_not_found_exception') return new CourtProviderError('invalid', `O DataJud (CNJ) não tem o índice api_publica_${alias}: ${detail}`, { status });
    return new CourtProviderError('not_found', detail, { status });
  }
  if (status >= 200 && status < 300) return new CourtProviderError('unavailable', `Resposta inesperada do DataJud (HTTP ${status})`, { status });
  return new CourtProviderError('invalid', detail, { status });
}
