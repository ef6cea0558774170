// The court-monitoring providers' one shape (docs/product-rules.md, "Process monitoring"): the built-in
// simulated court (the default), Escavador API v2 and the CNJ's public DataJud API, chosen by
// COURT_MONITORING_PROVIDER. Integrations never import modules: the court arrives as plain data.

import { COURT_MONITORING_PROVIDERS } from '~/config.server';
import type { ProcessDetails } from '~/domain/process-details';

export type { ProcessDetails, ProviderParty } from '~/domain/process-details';

export { COURT_MONITORING_PROVIDERS };
export type CourtMonitoringProviderId = (typeof COURT_MONITORING_PROVIDERS)[number];

export const MOVEMENT_TYPES = ['ANDAMENTO', 'DECISAO', 'DESPACHO', 'SENTENCA'] as const;
export type MovementType = (typeof MOVEMENT_TYPES)[number];

export type MonitoringFrequency = 'DIARIA' | 'SEMANAL';

/** A court as the adapters need it (app/domain/cnj.ts `Court`). */
export interface ProviderCourt {
  /** 'TJSP', 'TRF1', 'STJ'. */
  sigla: string;
  /** DataJud's index alias ('tjsp' for api_publica_tjsp), null where DataJud has none. */
  datajudAlias: string | null;
}

/** One movement of a process, as the provider reported it. */
export interface ProviderMovement {
  /** When it happened (the provider's date and time; a date alone is midnight UTC of that day). */
  data: Date;
  /** The movement's text, as shown to the lawyer. */
  descricao: string;
  /** The type badge; anything the provider does not classify is ANDAMENTO. */
  tipo: MovementType;
  /** The movement's code in the CNJ's movement table (TPU), when the provider gives one (DataJud does). */
  codigo?: number;
}

export interface ProcessCheck {
  /** The provider found the process (ENCONTRADO) or knows it does not exist there (NAO_ENCONTRADO). */
  found: boolean;
  /**
   * The provider has not finished looking (Escavador's PENDENTE): `found` is
   * false but means nothing yet, and the monitoring stays PENDENTE. Absent: the search is over.
   */
  pending?: boolean;
  /** Every movement the provider returned on this check, in any order; the caller stores each once. */
  movements: ProviderMovement[];
  /** The process's cover, when this check read it (DataJud always; Escavador when found). */
  details?: ProcessDetails;
  /**
   * A "not found" that only counts when it repeats (DataJud: an index that lags behind the court, or a
   * search on a bad day): a new process becomes NAO_ENCONTRADO only after two such answers at least a day
   * apart (docs/decisions/0051). Absent: the provider's "not found" is its final word (Escavador's own search).
   */
  notFoundNeedsConfirmation?: boolean;
}

export interface StartMonitoringInput {
  /** The number in the CNJ mask, already validated (pattern and check digits). */
  numero: string;
  /** The court the lawyer chose, or the one the number's J.TR gives; null when neither is known. */
  court: ProviderCourt | null;
  /** Whether the lawyer chose the court ('todos' = false: the provider may search every court). */
  courtChosen: boolean;
  frequencia: MonitoringFrequency;
}

export interface CheckProcessInput {
  numero: string;
  court: ProviderCourt | null;
  providerRef: string | null;
  /**
   * How many movements of the process the caller has stored. Only the simulator reads it: its next
   * movement is the one after these, so its story goes on where it was across server restarts.
   */
  knownMovements?: number;
  /** The caller has no cover of the process yet: a provider whose cover is a separate (paid) call reads it. */
  needsDetails?: boolean;
}

export interface CourtMonitoringProvider {
  readonly id: CourtMonitoringProviderId;
  /** The name users read where the specification says 'Escavador': 'Escavador', 'DataJud (CNJ)', 'sistema de demonstração'
   * (the simulator: a lawyer never reads an internal name). */
  readonly displayName: string;
  /**
   * Registers the process with the provider (Escavador creates a monitoring; DataJud and the simulator
   * have nothing to register) and answers the provider's own id for it, if any.
   */
  startMonitoring(input: StartMonitoringInput): Promise<{ providerRef: string | null }>;
  /** Stops the provider's monitoring (a monitoring already gone there counts as stopped). */
  stopMonitoring(input: { numero: string; providerRef: string | null }): Promise<void>;
  /** Looks the process up now and answers what the provider knows of it. */
  checkProcess(input: CheckProcessInput): Promise<ProcessCheck>;
}

/**
 * Why a provider call failed. `kind` says what the app does: `auth` (401/403: the server's token),
 * `no_credit` (402), `not_found` (404), `invalid` (422: invalid number), `duplicate` (422: already
 * monitored there), `rate_limited` (429, retry after `retryAfterSeconds`), `unavailable` (5xx),
 * `network` (no answer, or none in time). `detail` is the provider's own message, for 'Erro na API: …'.
 * `retryable`: the same call may succeed later (429, 5xx, network).
 */
export type CourtProviderErrorKind = 'auth' | 'no_credit' | 'not_found' | 'invalid' | 'duplicate' | 'rate_limited' | 'unavailable' | 'network';

export class CourtProviderError extends Error {
  override name = 'CourtProviderError';
  readonly kind: CourtProviderErrorKind;
  readonly status?: number;
  readonly detail: string;
  readonly retryAfterSeconds?: number;

  constructor(kind: CourtProviderErrorKind, detail: string, { status, retryAfterSeconds, cause }: { status?: number; retryAfterSeconds?: number; cause?: unknown } = {}) {
    super(`${kind}: ${detail}`, { cause });
    this.kind = kind;
    this.detail = detail;
    if (status !== undefined) this.status = status;
    if (retryAfterSeconds !== undefined) this.retryAfterSeconds = retryAfterSeconds;
  }

  get retryable(): boolean {
    return this.kind === 'rate_limited' || this.kind === 'unavailable' || this.kind === 'network';
  }
}
