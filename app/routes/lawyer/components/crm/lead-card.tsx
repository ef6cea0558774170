import { memo, type MouseEvent } from 'react';
import { cityLabel, practiceAreaLabel } from '~/domain/catalog/catalog';
import type { CrmLead } from '~/modules/leads/crm.server';
import { leadMailtoUrl, leadPreview, leadWhatsAppUrl, relativeTimePtBr } from '~/modules/leads/lead-format';
import { followUpLabel, followUpState, saoPauloDay } from '~/modules/leads/follow-ups';
import { useMinuteClock } from './crm-clock';
import { useCardDrag, type LeadDragData } from './crm-dnd';
import { leadContactLink } from './lead-contact-link';

export const DRAG_INSTRUCTIONS_ID = 'crm-instrucoes-arrastar';

/** The id of a card's drag handle, where focus goes back after a keyboard move. */
export function dragHandleId(leadId: string): string {
  return `crm-mover-${leadId}`;
}

/** The link that opens a lead's details (a real URL, so it also works without JavaScript). */
export function leadDetailHref(leadId: string): string {
  return `/area-advogado?section=crm&lead=${leadId}`;
}

interface LeadCardProps {
  lead: CrmLead;
  stageId: string;
  stageName: string;
  /** The stage the card is being moved to while the server has not answered yet, else null. */
  movingTo: string | null;
  serverNow: number;
  onOpen: (leadId: string) => void;
}

/**
 * A lead on the board (docs/product-rules.md, CRM: card): name, area and city, how long ago it came in, the
 * start of the case, WhatsApp and Email. A click anywhere on it opens the details; it is dragged by
 * mouse or touch anywhere on it, or picked up from the keyboard on its handle.
 *
 * The card is a draggable of the board from the moment it hydrates (a finger's press must find it
 * registered: arming it on the pointer's arrival would come too late for touch), except while its
 * move waits for the server.
 */
export const LeadCard = /* @__PURE__ */ memo(function LeadCard({ lead, stageId, stageName, movingTo, serverNow, onOpen }: LeadCardProps) {
  const data: LeadDragData = { nome: lead.nome, stageId, stageName };
  const { ref, handleRef } = useCardDrag({ id: lead.id, data, disabled: movingTo !== null });
  const preview = leadPreview(lead.mensagem);
  const nameId = `lead-${lead.id}-nome`;

  const openFromCard = (event: MouseEvent<HTMLElement>) => {
    // A click on a link or button is theirs; a click that ended a drag was cancelled by the drag.
    if (event.defaultPrevented || (event.target as Element).closest('a, button')) return;
    onOpen(lead.id);
  };

  return (
    <li ref={ref} className="list-none">
      <article aria-labelledby={nameId} onClick={openFromCard} className={`crm-card ${movingTo ? 'opacity-70' : ''}`}>
        <div className="flex items-start gap-1.5">
          <button
            ref={handleRef}
            id={dragHandleId(lead.id)}
            type="button"
            aria-label={`Mover lead ${lead.nome}`}
            aria-describedby={DRAG_INSTRUCTIONS_ID}
            aria-roledescription="item arrastável"
            className="crm-card-handle crm-icon crm-icon-grip"
          />
          <h4 id={nameId} className="min-w-0 flex-1 pt-0.5 text-sm leading-snug font-semibold break-words text-slate-900">
            <a
              href={leadDetailHref(lead.id)}
              onClick={(event) => {
                event.preventDefault();
                onOpen(lead.id);
              }}
              className="hover:text-brand-800 hover:underline"
            >
              {lead.nome}
            </a>
          </h4>
        </div>
        <ul className="crm-card-facts">
          <li className="crm-icon crm-icon-area">
            <span className="sr-only">Área: </span>
            {practiceAreaLabel(lead.areaInteresse)}
          </li>
          <li className="crm-icon crm-icon-city">
            <span className="sr-only">Cidade: </span>
            {cityLabel(lead.cidade)}
          </li>
          <li className="crm-icon crm-icon-time">
            <span className="sr-only">Recebido </span>
            <RelativeTime date={lead.createdAt} serverNow={serverNow} />
          </li>
        </ul>
        {lead.followUpOn ? <FollowUpBadge on={lead.followUpOn} time={lead.followUpTime} serverNow={serverNow} /> : null}
        {preview ? <p className="mt-2 text-sm break-words text-slate-700">{preview}</p> : null}
        <div className="mt-3 flex gap-2">
          {/* Each records the lead's first contact (decision 0047), with or without JavaScript. */}
          <a
            {...leadContactLink(lead.id, 'whatsapp', leadWhatsAppUrl(lead.telefone))}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`WhatsApp de ${lead.nome} (abre em nova aba)`}
            className="crm-card-contact crm-icon crm-icon-whatsapp border-green-700 text-green-800 hover:bg-green-50"
          >
            WhatsApp
          </a>
          <a
            {...leadContactLink(lead.id, 'email', leadMailtoUrl(lead.email))}
            aria-label={`Email para ${lead.nome}`} className="crm-card-contact crm-icon crm-icon-mail border-slate-400 text-slate-800 hover:bg-slate-50">
            Email
          </a>
        </div>
        {movingTo ? (
          <p className="mt-2 text-xs font-medium text-brand-800" role="status">
            Movendo para {movingTo}…
          </p>
        ) : null}
      </article>
    </li>
  );
});

function RelativeTime({ date, serverNow }: { date: Date; serverNow: number }) {
  const now = useMinuteClock(serverNow);
  return <time dateTime={new Date(date).toISOString()}>{relativeTimePtBr(new Date(date), new Date(now))}</time>;
}

const FOLLOW_UP_STYLE = {
  atrasado: 'border-red-300 bg-red-50 text-red-800',
  hoje: 'border-amber-300 bg-amber-50 text-amber-900',
  futuro: 'border-slate-200 bg-white text-slate-700',
} as const;

/** 'Próximo contato' on a card: red when overdue, amber for today (issue 23). */
function FollowUpBadge({ on, time, serverNow }: { on: string; time: string | null; serverNow: number }) {
  const today = saoPauloDay(new Date(useMinuteClock(serverNow)));
  const state = followUpState(on, today);
  return (
    <p className={`mt-2 inline-flex rounded-md border px-2 py-0.5 text-xs font-semibold ${FOLLOW_UP_STYLE[state]}`}>
      <span className="sr-only">Próximo contato: </span>
      {followUpLabel(on, time, today)}
    </p>
  );
}
