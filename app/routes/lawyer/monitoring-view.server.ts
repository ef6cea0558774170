import { formatDateTimeSaoPaulo } from '~/lib/format-date';
import type { MonitoringStatus, ProcessUpdateType } from '~/domain/catalog/vocabularies';
import { findCourt } from '~/domain/cnj';
import { FREQUENCY_LABELS, retryLine } from '~/modules/monitoring/monitoring.schemas';
import type { MonitoringRow, MonitoringSectionData } from '~/modules/monitoring/monitoring.server';

// What the monitoring part of the section sends to the page: dates already written in São Paulo time
// (dd/MM/yyyy HH:mm; docs/product-rules.md, "Process monitoring"), so the page's JavaScript formats nothing.

export interface MonitoringRowView {
  id: string;
  numero: string;
  tribunal: string;
  status: MonitoringStatus;
  criadoEm: string;
  /** The class and the judging body, as the provider gave them ('Cumprimento de sentença · 06 CIVEL DE JUNDIAI'); null before any cover. */
  classe: string | null;
  orgaoJulgador: string | null;
  /** The newest movement: its date and text; null with none. */
  ultimaMovimentacao: { data: string; descricao: string } | null;
  /** 'DataJud indisponível, nova tentativa às HH:mm' after a check that failed for a passing reason; null otherwise. */
  retryMessage: string | null;
}

export interface MonitoringDetailsView extends MonitoringRowView {
  tribunalNome: string;
  frequencia: string;
  ultimaVerificacao: string;
  /** The cover: each null (or empty) when the provider has not said. */
  assuntos: string[];
  grau: string | null;
  dataAjuizamento: string | null;
  partes: Array<{ nome: string; papel: string | null }>;
  movements: Array<{ id: string; data: string; descricao: string; tipo: ProcessUpdateType }>;
}

export type MonitoringSectionView =
  | { state: 'free-plan' }
  | { state: 'needs-intermediario' }
  | { state: 'error'; message: string }
  | {
      state: 'open';
      providerName: string;
      cap: number;
      rows: MonitoringRowView[];
      details: MonitoringDetailsView | null;
      detailsError: string | null;
      removing: MonitoringRowView | null;
      /** The details dialog's test send key: the same click twice sends once. */
      sendKey: string;
    };

/** A provider that gives only the day (Escavador) stores midnight UTC: that is shown as the date alone. */
function movementDate(date: Date): string {
  const dayOnly = date.getUTCHours() === 0 && date.getUTCMinutes() === 0 && date.getUTCSeconds() === 0 && date.getUTCMilliseconds() === 0;
  if (!dayOnly) return formatDateTimeSaoPaulo(date);
  const iso = date.toISOString();
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

/** DataJud's grau codes as a lawyer reads them; any other value as the provider wrote it. */
const GRAU_LABELS: Record<string, string> = {
  G1: '1º grau',
  G2: '2º grau',
  JE: 'Juizado Especial',
  TR: 'Turma Recursal',
  SUP: 'Tribunal Superior',
  TRU: 'Turma Regional de Uniformização',
  TNU: 'Turma Nacional de Uniformização',
};

/** A date-only value (filing date) as dd/MM/yyyy in São Paulo; midnight UTC (a day alone) as that day. */
function dayOf(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return movementDate(date).slice(0, 10);
}

function rowView(row: MonitoringRow, providerName: string, now: Date): MonitoringRowView {
  return {
    id: row.id,
    numero: row.numero,
    tribunal: row.tribunal ?? '—',
    status: row.status,
    criadoEm: formatDateTimeSaoPaulo(row.criadoEm),
    classe: row.detalhes?.classe ?? null,
    orgaoJulgador: row.detalhes?.orgaoJulgador ?? null,
    ultimaMovimentacao: row.ultimaMovimentacao ? { data: movementDate(row.ultimaMovimentacao.data), descricao: row.ultimaMovimentacao.descricao } : null,
    retryMessage: row.proximaTentativa ? retryLine(providerName, row.proximaTentativa, now) : null,
  };
}

export function monitoringView(section: MonitoringSectionData, providerName: string, now: Date = new Date()): MonitoringSectionView {
  if (section.state !== 'open') return section;
  const details = section.details;
  const rowOf = (row: MonitoringRow) => rowView(row, providerName, now);
  return {
    state: 'open',
    providerName,
    cap: section.cap,
    rows: section.rows.map(rowOf),
    details: details
      ? {
          ...rowOf(details),
          assuntos: details.detalhes?.assuntos ?? [],
          grau: details.detalhes?.grau ? (GRAU_LABELS[details.detalhes.grau] ?? details.detalhes.grau) : null,
          dataAjuizamento: dayOf(details.detalhes?.dataAjuizamento ?? null),
          partes: (details.detalhes?.partes ?? []).map((p) => ({ nome: p.nome, papel: [p.tipo, p.polo ? `polo ${p.polo.toLowerCase()}` : null].filter(Boolean).join(', ') || null })),
          tribunalNome: details.tribunal ? `${findCourt(details.tribunal)?.nome ?? details.tribunal} (${details.tribunal})` : 'Derivado do número do processo',
          frequencia: FREQUENCY_LABELS[details.frequencia],
          ultimaVerificacao: details.ultimaVerificacao ? formatDateTimeSaoPaulo(details.ultimaVerificacao) : 'Ainda não verificado',
          movements: details.movements.map((m) => ({ id: m.id, data: movementDate(m.data), descricao: m.descricao, tipo: m.tipo })),
        }
      : null,
    detailsError: section.detailsError,
    removing: section.removing ? rowOf(section.removing) : null,
    sendKey: crypto.randomUUID(),
  };
}
