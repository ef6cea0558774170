import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { getCurrentUser } from '~/auth/session.server';
import { backgroundLog } from '~/lib/log.server';
import { AppError, formError, keepRetryAfter } from '~/lib/app-error';
import { flashToastCookie } from '~/lib/flash-toast.server';
import { parseForm } from '~/lib/parse-form.server';
import { pageMeta } from '~/lib/seo';
import { findPlan, PLANS, type Plan, type PlanId } from '~/domain/catalog/catalog';
import { PlanCard } from '~/modules/subscriptions/components/plan-card';
import { PlanChangeDialog, PlanChangePage } from '~/modules/subscriptions/components/plan-change-confirmation';
import { NO_CHARGE_YET, PLAN_TEXTS, planActivatedMessage } from '~/modules/subscriptions/plan-texts';
import { PLAN_ID_MAX_LENGTH, subscribeSchema } from '~/modules/subscriptions/subscribe-form.server';
import { getPlansViewer, subscribeToPlan, type PlansViewer } from '~/modules/subscriptions/subscriptions.server';
import type { Route } from './+types/plans';
import { formatLongDateSaoPaulo } from '~/lib/format-date';
import { ErrorSummary } from '~/components/forms/error-summary';
import { useState } from 'react';

/**
 * /planos (docs/product-rules.md, Plans): the catalogue's plans as cards. A visitor
 * gets 'Cadastre-se Gratuitamente' to the registration with the plan chosen; an approved lawyer
 * subscribes with a plain form post (no JavaScript needed), answered with a redirect to the area and
 * the spec's toast, or with this page again and the reason.
 *
 * A change is confirmed first (decision 0045): 'Assinar Agora' opens a dialog with JavaScript; without
 * it, it is a GET to `?confirmar=<plano>`, the confirmation as a page. Only a post with
 * `confirmado=sim` changes the plan; one without it is answered with the confirmation page.
 */

const PATH = '/planos';
/** Where a subscription that went through leads: the area, whose badge and plan card show the new plan. */
const AFTER_SUBSCRIBING = '/area-advogado';

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await getPlansViewer(await getCurrentUser(request));
  // The visitors' page is the same for all: the public page cache may keep it. Anyone signed in sees their own plan.
  const headers: Record<string, string> = viewer.kind === 'visitor' ? { 'X-Page-Cache': '30' } : { 'Cache-Control': 'private, no-store' };
  // The plan a lawyer is asked to confirm ('Assinar Agora' without JavaScript); only a lawyer is asked.
  const confirming = viewer.kind === 'lawyer' ? (findPlan(new URL(request.url).searchParams.get('confirmar'))?.id ?? null) : null;
  return data({ viewer, confirming }, { headers });
}

export async function action({ request }: Route.ActionArgs) {
  const user = await getCurrentUser(request);
  if (!user) throw redirect('/login', { headers: { 'Set-Cookie': flashToastCookie(PLAN_TEXTS.signIn) } });
  const form = await parseForm(request, subscribeSchema, { echo: { plano: PLAN_ID_MAX_LENGTH } });
  if (!form.ok) return formError(form, { status: 400, field: 'plano', message: `${PLAN_TEXTS.failed}: ${form.errors.plano ?? PLAN_TEXTS.invalidPlan}` });
  // Not confirmed: nothing changes, the page asks first.
  if (!form.data.confirmado) return data({ confirm: form.data.plano });
  let plan;
  try {
    plan = await subscribeToPlan(user, form.data.plano);
  } catch (error) {
    if (error instanceof AppError) return formError(form, { status: error.status, retryAfter: error.retryAfter, message: `${PLAN_TEXTS.failed}: ${error.message}` });
    backgroundLog().error({ err: error, userId: user.id, plan: form.data.plano }, 'Falha ao atualizar o plano');
    return formError(form, { status: 500, message: PLAN_TEXTS.failed });
  }
  throw redirect(AFTER_SUBSCRIBING, { status: 303, headers: { 'Set-Cookie': flashToastCookie(planActivatedMessage(plan)) } });
}

export const headers: Route.HeadersFunction = (args) => {
  const headers = keepRetryAfter(args);
  for (const name of ['X-Page-Cache', 'Cache-Control']) {
    const value = args.loaderHeaders.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
};

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: matches[0]?.loaderData.site,
    title: 'Planos para advogados',
    description: 'Compare os planos para advogados: leads por mês, CRM de leads, destaque na busca, monitoramento de processos e notificações por WhatsApp.',
    path: PATH,
  });


const ctaClass = 'inline-flex w-full items-center justify-center rounded-md px-5 py-3 text-center text-sm font-semibold';
const primaryCta = `${ctaClass} bg-brand-700 text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-80`;
const currentCta = `${ctaClass} cursor-default border border-green-700 bg-green-50 text-green-900`;

/** Why a signed-in user without an approved lawyer profile cannot subscribe, and where to go. */
function ViewerNotice({ viewer }: { viewer: PlansViewer }) {
  const notice =
    viewer.kind === 'pending'
      ? { text: PLAN_TEXTS.pending, link: { to: '/perfil-em-analise', label: 'Ver situação do cadastro' } }
      : viewer.kind === 'rejected' || viewer.kind === 'suspended'
        ? { text: PLAN_TEXTS[viewer.kind], link: null }
        : viewer.kind === 'superadmin'
          ? { text: PLAN_TEXTS.superadmin, link: null }
          : viewer.kind === 'no-profile'
            ? { text: PLAN_TEXTS.noProfile, link: { to: '/completar-perfil', label: 'Completar Perfil' } }
            : null;
  if (!notice) return null;
  return (
    <div className="mx-auto mt-8 max-w-3xl rounded-xl border border-amber-300 bg-amber-50 p-5 text-slate-900">
      <p>{notice.text}</p>
      {notice.link ? (
        <Link to={notice.link.to} className="mt-2 inline-block font-semibold text-brand-800 underline">
          {notice.link.label}
        </Link>
      ) : null}
    </div>
  );
}

/** The plan form has no field of its own: the summary shows the server's message. */
const PLAN_FIELDS: ReadonlyArray<readonly [string, string]> = [];

/** The plan to confirm, unless it is the one in effect already (then the page's own answer says so). */
function planToConfirm(id: PlanId | null | undefined, current: Plan | undefined): Plan | null {
  const plan = findPlan(id);
  return plan && current && plan.id !== current.id ? plan : null;
}

export default function PlansPage({ loaderData, actionData }: Route.ComponentProps) {
  const { viewer } = loaderData;
  const navigation = useNavigation();
  const submitting = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST' && navigation.formAction === PATH;
  const chosen = submitting ? navigation.formData?.get('plano') : null;
  const lawyerPlan = viewer.kind === 'lawyer' ? viewer.plan : null;
  const answer = actionData && 'confirm' in actionData ? null : actionData;
  // The dialog's plan (JavaScript), with the answer shown when it opened: a new answer of the server
  // (a confirmed post refused) closes it, the page's summary then says why.
  const [dialog, setDialog] = useState<{ plan: PlanId; answer: typeof answer } | null>(null);

  const pagePlan = planToConfirm(actionData && 'confirm' in actionData ? actionData.confirm : loaderData.confirming, lawyerPlan?.effective);
  if (lawyerPlan && pagePlan) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-12">
        <PlanChangePage action={PATH} from={lawyerPlan.effective} to={pagePlan} submitting={submitting} />
      </div>
    );
  }
  const shownDialog = dialog && dialog.answer === answer ? planToConfirm(dialog.plan, lawyerPlan?.effective) : null;

  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <div className="mx-auto max-w-3xl text-center">
        <h1 className="text-3xl font-bold text-slate-900 md:text-4xl">Escolha o plano ideal para você</h1>
        <p className="mt-3 text-lg text-slate-700">
          Receba clientes da sua área e da sua cidade, organize seus leads e acompanhe seus processos.
        </p>
        <p className="mt-3 text-slate-700">{NO_CHARGE_YET}</p>
        {viewer.kind === 'visitor' ? (
          <p className="mt-3 text-slate-700">
            Já é cadastrado?{' '}
            <Link to="/login" className="font-semibold text-brand-800 underline">
              Entre para escolher seu plano
            </Link>
          </p>
        ) : null}
      </div>

      <ViewerNotice viewer={viewer} />

      <ErrorSummary message={answer?.message} fields={PLAN_FIELDS} answer={answer} className="mx-auto mt-8 max-w-3xl" />

      <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
        {PLANS.map((plan) => {
          const current = lawyerPlan?.effective.id === plan.id;
          const endedHere = lawyerPlan?.ended && lawyerPlan.active?.id === plan.id && lawyerPlan.endsAt;
          const note = endedHere ? (
            <p className="font-semibold text-red-700">Seu plano venceu em {formatLongDateSaoPaulo(endedHere)}.</p>
          ) : viewer.kind === 'visitor' && plan.priceBrl > 0 ? (
            <p className="text-slate-700">7 dias grátis a partir da aprovação do cadastro.</p>
          ) : undefined;
          return (
            <PlanCard key={plan.id} plan={plan} current={current} note={note}>
              {viewer.kind === 'visitor' ? (
                <Link to={`/registro-advogado?plano=${plan.id}`} className={primaryCta} aria-describedby={`plano-${plan.id}`}>
                  Cadastre-se Gratuitamente
                </Link>
              ) : lawyerPlan && current ? (
                <button type="button" disabled className={currentCta} aria-describedby={`plano-${plan.id}`}>
                  Plano Atual
                </button>
              ) : lawyerPlan ? (
                // Without JavaScript a GET to the confirmation page; with it, the confirmation dialog.
                <Form
                  method="get"
                  action={PATH}
                  onSubmit={(event) => {
                    event.preventDefault();
                    setDialog({ plan: plan.id, answer });
                  }}
                >
                  <button type="submit" name="confirmar" value={plan.id} disabled={submitting} className={primaryCta} aria-describedby={`plano-${plan.id}`}>
                    {chosen === plan.id ? 'Processando...' : 'Assinar Agora'}
                  </button>
                </Form>
              ) : null}
            </PlanCard>
          );
        })}
      </ul>

      {lawyerPlan && shownDialog ? (
        <PlanChangeDialog action={PATH} from={lawyerPlan.effective} to={shownDialog} submitting={submitting} onClose={() => setDialog(null)} />
      ) : null}

      {lawyerPlan ? (
        <p className="mt-8 text-center text-sm text-slate-600">
          Um plano pago vale por 30 dias a partir da assinatura; o Plano Gratuito não vence.{' '}
          <Link to="/area-advogado" className="font-semibold text-brand-800 underline">
            Voltar para a Área do Advogado
          </Link>
        </p>
      ) : null}
    </div>
  );
}
