import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Form, Link } from 'react-router';
import type { Plan } from '~/domain/catalog/catalog';
import { NO_CHARGE_YET, PLAN_CHANGE_TEXTS, planChangeLines, planPeriodSentence, planPricePerMonth } from '../plan-texts';

// The confirmation before a plan change on /planos (decision 0045): the same content in a modal
// <dialog> (with JavaScript) and on a page of its own (without it).

const buttonBase = 'inline-flex items-center justify-center rounded-md px-5 py-3 text-sm font-semibold';
const confirmClass = `${buttonBase} bg-brand-700 text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-80`;
const cancelClass = `${buttonBase} border border-slate-300 text-slate-800 hover:bg-slate-100`;

/** The new plan, its price a month, what changes from the plan in effect, its period and the money sentence. */
function PlanChangeDetails({ from, to }: { from: Plan; to: Plan }) {
  return (
    <div className="space-y-3 text-slate-800">
      <p>
        <span className="font-semibold text-slate-900">{to.name}</span>: {planPricePerMonth(to)}
      </p>
      <div>
        <p className="font-medium text-slate-900">Em relação ao {from.name}:</p>
        <ul className="mt-1 list-disc space-y-1 pl-5">
          {planChangeLines(from, to).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
      <p>{planPeriodSentence(to)}</p>
      <p className="rounded-md bg-amber-50 p-3 text-slate-900">{NO_CHARGE_YET}</p>
    </div>
  );
}

/** The form that changes the plan: the plan and the confirmation field, posted to /planos. */
function ConfirmForm({ action, to, submitting, children }: { action: string; to: Plan; submitting: boolean; children?: ReactNode }) {
  return (
    <Form method="post" action={action} className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <input type="hidden" name="plano" value={to.id} />
      <input type="hidden" name={PLAN_CHANGE_TEXTS.field} value={PLAN_CHANGE_TEXTS.value} />
      {children}
      <button type="submit" disabled={submitting} className={confirmClass}>
        {submitting ? 'Processando...' : PLAN_CHANGE_TEXTS.confirm}
      </button>
    </Form>
  );
}

/**
 * With JavaScript: a modal <dialog> opened with showModal() (focus inside and kept there, the page
 * behind inert, Escape closes), labelled by its heading; closing it gives the focus back to the
 * 'Assinar Agora' that opened it.
 */
export function PlanChangeDialog({ action, from, to, submitting, onClose }: { action: string; from: Plan; to: Plan; submitting: boolean; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const latestOnClose = useRef(onClose);
  useEffect(() => {
    latestOnClose.current = onClose;
  });
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement;
    dialog.showModal();
    const handleClose = () => {
      latestOnClose.current();
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
    dialog.addEventListener('close', handleClose);
    return () => {
      dialog.removeEventListener('close', handleClose);
      if (dialog.open) dialog.close();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className="fixed inset-0 z-50 m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/60"
    >
      <div className="space-y-4 px-5 py-5">
        <h2 id={titleId} className="text-lg font-bold text-slate-900">
          {PLAN_CHANGE_TEXTS.title}
        </h2>
        <PlanChangeDetails from={from} to={to} />
        <ConfirmForm action={action} to={to} submitting={submitting}>
          <button type="button" className={cancelClass} onClick={() => ref.current?.close()}>
            {PLAN_CHANGE_TEXTS.cancel}
          </button>
        </ConfirmForm>
      </div>
    </dialog>
  );
}

/** Without JavaScript (or a post that was not confirmed): the confirmation as a page; 'Cancelar' goes back to the plans. */
export function PlanChangePage({ action, from, to, submitting }: { action: string; from: Plan; to: Plan; submitting: boolean }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="mx-auto max-w-lg rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h1 id={titleId} className="mb-4 text-2xl font-bold text-slate-900">
        {PLAN_CHANGE_TEXTS.title}
      </h1>
      <PlanChangeDetails from={from} to={to} />
      <div className="mt-5">
        <ConfirmForm action={action} to={to} submitting={submitting}>
          <Link to={action} className={cancelClass}>
            {PLAN_CHANGE_TEXTS.cancel}
          </Link>
        </ConfirmForm>
      </div>
    </section>
  );
}
