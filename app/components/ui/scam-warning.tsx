import { CONFIRM_LAWYER_PATH, scamWarningParts } from '~/domain/trust';

/**
 * The fixed warning against the "golpe do falso advogado" (decision 0062), word for word the one of the
 * messages to clients, with the confirm page as a link. `appUrl` names the address as the messages do.
 */
export function ScamWarning({ brandName, appUrl, className = '' }: { brandName: string; appUrl: string; className?: string }) {
  const { before, after } = scamWarningParts(brandName);
  const shown = `${appUrl.replace(/^https?:\/\//, '')}${CONFIRM_LAWYER_PATH}`;
  return (
    <p role="note" aria-label="Aviso contra golpes" className={`rounded-lg border border-amber-400 bg-amber-50 p-4 text-sm leading-relaxed text-slate-900 ${className}`}>
      <strong className="font-semibold">{before}</strong>{' '}
      <a href={CONFIRM_LAWYER_PATH} className="font-semibold break-all text-brand-800 underline">
        {shown}
      </a>{' '}
      {after}
    </p>
  );
}
