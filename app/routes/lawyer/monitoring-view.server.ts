import { formatDateTimeSaoPaulo } from '~/lib/format-date';
import type { MonitoringStatus, ProcessUpdateType } from '~/domain/catalog/vocabularies';
import { findCourt } from '~/domain/cnj';
import { FREQUENCY_LABELS } from '~/modules/monitoring/monitoring.schemas';
import type { MonitoringRow, MonitoringSectionData } from '~/modules/monitoring/monitoring.server';

// What the monitoring part of the section sends to the page: dates already written in São Paulo time
// (dd/MM/yyyy HH:mm; docs/product-rules.md, "Process monitoring"), so the page's JavaScript formats nothing.

export interface MonitoringRowView {
  id: string;
  numero: string;
  tribunal: string;
  status: MonitoringStatus;
  criadoEm: string;
}

export interface MonitoringDetailsView extends MonitoringRowView {
  tribunalNome: string;
  frequencia: string;
  ultimaVerificacao: string;
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

function rowView(row: MonitoringRow): MonitoringRowView {
  return { id: row.id, numero: row.numero, tribunal: row.tribunal ?? '—', status: row.status, criadoEm: formatDateTimeSaoPaulo(row.criadoEm) };
}

export function monitoringView(section: MonitoringSectionData, providerName: string): MonitoringSectionView {
  if (section.state !== 'open') return section;
  const details = section.details;
  return {
    state: 'open',
    providerName,
    cap: section.cap,
    rows: section.rows.map(rowView),
    details: details
      ? {
          ...rowView(details),
          tribunalNome: details.tribunal ? `${findCourt(details.tribunal)?.nome ?? details.tribunal} (${details.tribunal})` : 'Derivado do número do processo',
          frequencia: FREQUENCY_LABELS[details.frequencia],
          ultimaVerificacao: details.ultimaVerificacao ? formatDateTimeSaoPaulo(details.ultimaVerificacao) : 'Ainda não verificado',
          movements: details.movements.map((m) => ({ id: m.id, data: movementDate(m.data), descricao: m.descricao, tipo: m.tipo })),
        }
      : null,
    detailsError: section.detailsError,
    removing: section.removing ? rowView(section.removing) : null,
    sendKey: crypto.randomUUID(),
  };
}
