import { data, redirect, useRouteLoaderData } from 'react-router';
import { CLIENT_IP_HEADER } from '~/auth/auth.server';
import { ScamWarning } from '~/components/ui/scam-warning';
import type { loader as rootLoader } from '~/root';
import { TextField } from '~/components/ui/text-field';
import { PhoneField } from '~/components/ui/phone-field';
import { getConfig } from '~/config.server';
import { AppError, formError, keepRetryAfter } from '~/lib/app-error';
import { fieldErrors, parseForm } from '~/lib/parse-form.server';
import { pageMeta } from '~/lib/seo';
import { loadAsDocument, SERVER_RENDERED } from '~/lib/server-rendered-page';
import { backgroundLog } from '~/lib/log.server';
import { CITIES_BY_LABEL, PRACTICE_AREAS_BY_LABEL } from '~/domain/catalog/catalog';
import { LawyerAvatar } from '~/modules/lawyers/components/lawyer-avatar';
import { oabLine } from '~/domain/trust';
import { getPublicLawyerProfile } from '~/modules/lawyers/lawyers.server';
import { SafetyTips } from '~/modules/leads/components/safety-tips';
import { clearLeadRequestOutcomeCookie, leadRequestOutcomeCookie, readLeadRequestOutcome } from '~/modules/leads/lead-request-cookie.server';
import { findLeadCandidates, type LeadCandidateList } from '~/modules/leads/lead-candidates.server';
import {
  HONEYPOT_FIELD,
  LEAD_REQUEST_AGREEMENT,
  LEAD_REQUEST_LIMITS,
  LEAD_REQUEST_MESSAGES,
  listShownFor,
  outcomeMessage,
} from '~/modules/leads/lead-requests';
import {
  LEAD_CHOICE_MESSAGES,
  LEAD_MAX_LAWYERS_CEILING,
  LEAD_REQUEST_ECHO,
  leadCandidatesQuerySchema,
  leadRequestSchema,
  tooManyLawyersMessage,
} from '~/modules/leads/lead-requests.schemas';
import { ChosenLawyerUnavailable } from '~/modules/leads/lead-routing.server';
import { submitLeadRequest } from '~/modules/leads/lead-requests.server';
import type { Route } from './+types/lead-request';
import { ErrorSummary } from '~/components/forms/error-summary';
import LawyerChoice from '~/modules/leads/components/lawyer-choice';

/**
 * /solicitar-atendimento and /solicitar-atendimento/{slug}: the client request form. The slug variant
 * names the lawyer the client chose (approved only; any other slug shows the plain form). A request
 * is answered with a redirect to the same page (post/redirect/get), its outcome in a one-time cookie:
 * the page is never in the public page cache (its URL has no cache key) and is not stored by browsers
 * while it shows an outcome.
 */

const PATH = '/solicitar-atendimento';

export async function loader({ request, params }: Route.LoaderArgs) {
  let lawyer: { nome: string; slug: string; oab: string; fotoUrl: string | null; areas: string[]; cidades: string[] } | null = null;
  if (params.slug) {
    const found = await getPublicLawyerProfile(params.slug);
    if (found?.matchedBy === 'id') throw redirect(`${PATH}/${found.profile.slug}`, 301);
    if (found) {
      const { profile } = found;
      lawyer = { nome: profile.nome, slug: profile.slug, oab: oabLine(profile.oabUf, profile.numeroOab, profile.oabCheckedAt), fotoUrl: profile.fotoUrl, areas: profile.areas, cidades: profile.cidades };
    }
  }
  // Area and city come from the lawyer's profile (the first of each), or from a link (?area=&cidade=).
  const query = new URL(request.url).searchParams;
  const place = leadCandidatesQuerySchema.safeParse(
    lawyer ? { areaAtuacao: lawyer.areas[0], cidade: lawyer.cidades[0] } : { areaAtuacao: query.get('area') ?? undefined, cidade: query.get('cidade') ?? undefined },
  );
  const candidates = place.success ? await findLeadCandidates({ ...place.data, profileSlug: lawyer?.slug ?? null }) : null;
  const result = readLeadRequestOutcome(request);
  const headers = new Headers();
  if (result) {
    headers.append('Set-Cookie', clearLeadRequestOutcomeCookie);
    headers.set('Cache-Control', 'no-store');
  }
  return data({ lawyer, result, candidates, cap: getConfig().leadMaxLawyers }, { headers });
}

/** What the action answers besides a redirect: the values to show again, the list of lawyers, errors. */
interface RequestAnswer {
  values: Partial<Record<string, string | string[]>>;
  errors?: Partial<Record<string, string>>;
  message?: string | null;
  /** The list of lawyers for the area and city sent (null when they were not valid; absent: keep the one shown). */
  candidates?: LeadCandidateList | null;
  /** Shown above the list when the client must look at it before sending. */
  notice?: string | null;
}

export async function action({ request, params }: Route.ActionArgs) {
  const cap = getConfig().leadMaxLawyers;
  const form = await parseForm(request, leadRequestSchema, { echo: LEAD_REQUEST_ECHO, lists: { advogados: LEAD_MAX_LAWYERS_CEILING } });
  const profileSlug = params.slug ?? null;
  const place = leadCandidatesQuerySchema.safeParse({ areaAtuacao: form.values.areaAtuacao, cidade: form.values.cidade });
  const listFor = (ticked?: readonly string[]) => (place.success ? findLeadCandidates({ ...place.data, profileSlug, ticked }) : Promise.resolve(null));
  const answer = async (status: number, rest: Omit<RequestAnswer, 'values' | 'candidates'>, ticked?: readonly string[]) =>
    data<RequestAnswer>({ values: form.values, candidates: await listFor(ticked), ...rest }, { status });

  // Without JavaScript, 'Ver advogados' is the first step: the list for the area and city, nothing sent.
  if (form.values.intent === 'ver-advogados') {
    if (!place.success) return data<RequestAnswer>({ values: form.values, candidates: null, errors: fieldErrors(place.error) }, { status: 400 });
    return answer(200, {});
  }
  if (!form.ok) return answer(400, { errors: form.errors }, form.values.advogados);

  const input = form.data;
  if (input.advogados.length > cap) return answer(400, { errors: { advogados: tooManyLawyersMessage(cap) } }, input.advogados);
  let choice: { slugs: string[]; agreement: string };
  if (input.escolha === undefined) {
    // Sent before any list was on the page (without JavaScript, without 'Ver advogados'; or a script):
    // to the list's preselection, as the sentence shown then says. Nobody preselected while lawyers
    // match (a profile's lawyer outside this area or city): the list, to choose from.
    const list = (await listFor())!;
    if (list.preselected.length === 0 && list.lawyers.length > 0) return answer(200, { notice: LEAD_CHOICE_MESSAGES.reviewList });
    choice = { slugs: list.preselected, agreement: LEAD_REQUEST_AGREEMENT.unseen(cap) };
  } else {
    // The client sends to whom they saw: ticks made on a list of another area or city are not a choice.
    if (input.escolha !== listShownFor(input.areaAtuacao, input.cidade)) return answer(200, { notice: LEAD_CHOICE_MESSAGES.reviewList });
    if (input.advogados.length === 0) {
      const list = await listFor([]);
      if (list && list.lawyers.length > 0) return data<RequestAnswer>({ values: form.values, candidates: list, errors: { advogados: LEAD_CHOICE_MESSAGES.advogados } }, { status: 400 });
    }
    choice = { slugs: input.advogados, agreement: input.advogados.length > 0 ? LEAD_REQUEST_AGREEMENT.chosen : LEAD_REQUEST_AGREEMENT.team };
  }
  let submitted;
  try {
    submitted = await submitLeadRequest(input, { clientIp: request.headers.get(CLIENT_IP_HEADER) ?? 'unknown', chosenSlug: profileSlug, choice });
  } catch (error) {
    if (error instanceof ChosenLawyerUnavailable) return answer(409, { message: error.message }, input.advogados);
    if (error instanceof AppError) {
      const errors = error.field ? { [error.field]: error.message } : {};
      const headers = error.retryAfter ? { 'Retry-After': String(error.retryAfter) } : undefined;
      return data<RequestAnswer>({ values: form.values, candidates: await listFor(input.advogados), errors, message: error.field ? null : error.message }, { status: error.status, headers });
    }
    backgroundLog().error({ err: error }, 'Solicitação de atendimento não registrada');
    return formError(form, { status: 500, message: LEAD_REQUEST_MESSAGES.failed });
  }
  const target = params.slug ? `${PATH}/${encodeURIComponent(params.slug)}` : PATH;
  throw redirect(target, { headers: { 'Set-Cookie': leadRequestOutcomeCookie(submitted.outcome) } });
}

export const headers: Route.HeadersFunction = (args) => {
  const headers = keepRetryAfter(args);
  const cacheControl = args.loaderHeaders.get('Cache-Control');
  if (cacheControl) headers.set('Cache-Control', cacheControl);
  return headers;
};

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const lawyer = loaderData?.lawyer;
  return pageMeta({
    site: matches[0]?.loaderData.site,
    title: lawyer ? `Solicitar atendimento com ${lawyer.nome}` : 'Solicite Atendimento Jurídico',
    description: 'Descreva seu caso e ele é enviado a advogados aprovados, com OAB verificada, que atendem a sua área e a sua cidade.',
    path: lawyer ? `${PATH}/${lawyer.slug}` : PATH,
    // The plain form is the page to index; each lawyer's variant repeats it.
    noindex: Boolean(lawyer),
  });
};

const selectClass =
  'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2.5 text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-[invalid=true]:border-red-700';

/** The form's fields in their order, as the error summary names them. */
const REQUEST_FIELDS = [
  ['nome', 'Nome completo'],
  ['email', 'Email'],
  ['whatsapp', 'WhatsApp'],
  ['cidade', 'Cidade'],
  ['areaAtuacao', 'Área de atuação'],
  ['advogados', 'Advogados que vão receber sua solicitação'],
  ['descricao', 'Descreva seu caso'],
] as const;

export const handle = SERVER_RENDERED;
export const clientLoader = loadAsDocument;

export default function LeadRequestPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lawyer, result, candidates, cap } = loaderData;
  const site = useRouteLoaderData<typeof rootLoader>('root')?.site;
  const brandName = site?.brandName ?? 'JusConecta';
  const appUrl = site?.appUrl ?? '';

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">Solicite Atendimento Jurídico</h1>
      <p className="mt-2 max-w-3xl text-slate-700">
        Conte o seu caso e escolha quais advogados aprovados, com inscrição na OAB verificada, vão recebê-lo: só eles veem seus dados, e quem puder atender
        entra em contato pelo WhatsApp ou pelo e-mail informados.
      </p>

      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="space-y-6">
          {lawyer ? (
            <section aria-labelledby="advogado-escolhido" className="flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <LawyerAvatar nome={lawyer.nome} fotoUrl={lawyer.fotoUrl} />
              <div className="min-w-0">
                <p className="text-sm text-slate-600">Você está solicitando atendimento com</p>
                <h2 id="advogado-escolhido" className="text-xl font-semibold text-slate-900">
                  {lawyer.nome}
                </h2>
                <p className="text-slate-700">{lawyer.oab}</p>
                <a href={`/advogado/${lawyer.slug}`} className="text-sm font-medium text-brand-700 underline">
                  Ver perfil
                </a>
              </div>
            </section>
          ) : null}

          {result ? (
            // After the send (post/redirect/get) the outcome takes the focus, so that it is read out.
            <div tabIndex={-1} role="status" data-focus-on-load="" className="rounded-xl border border-green-300 bg-green-50 p-5 text-green-900 focus:outline-none">
              <p className="font-semibold">{outcomeMessage(result.outcome)}</p>
              {result.outcome === 'unmatched' ? <p className="mt-2 text-sm">{LEAD_REQUEST_MESSAGES.unmatchedNextStep}</p> : null}
              <p className="mt-2 text-sm">
                {result.outcome === 'matched'
                  ? 'Enviamos um e-mail de confirmação com os advogados que receberam sua solicitação e um link para removê-la quando quiser.'
                  : 'Enviamos um e-mail de confirmação com um link para removê-la quando quiser.'}
              </p>
              <ScamWarning brandName={brandName} appUrl={appUrl} className="mt-3" />
            </div>
          ) : null}

          <RequestForm lawyer={lawyer} initialList={candidates} cap={cap} answer={actionData} />
        </div>

        <aside>
          <SafetyTips />
        </aside>
      </div>
    </div>
  );
}

/**
 * The request form: the client's data, area and city, the lawyers it goes to, the case. Rendered on the
 * server only; app/browser/lead-request-form.ts fetches the list when the area or the city changes
 * (the markup contract is described there).
 */
function RequestForm({
  lawyer,
  initialList,
  cap,
  answer,
}: {
  lawyer: { nome: string; slug: string } | null;
  initialList: LeadCandidateList | null;
  cap: number;
  answer: RequestAnswer | undefined;
}) {
  const errors: Record<string, string | undefined> = answer?.errors ?? {};
  const values = answer?.values ?? {};
  const text = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : undefined);
  const area = text('areaAtuacao') ?? initialList?.areaAtuacao ?? '';
  const city = text('cidade') ?? initialList?.cidade ?? '';
  // Each answer of the server brings the list for what was sent (with the client's ticks).
  const list = answer?.candidates !== undefined ? answer.candidates : initialList;
  const current = list && area && city && list.shownFor === listShownFor(area, city) ? list : null;
  // An answer's list comes with the client's ticks as its preselection (findLeadCandidates' `ticked`).
  const ticked = current ? current.preselected : [];
  const notice = answer?.notice ?? null;

  return (
    <form
      method="post"
      noValidate
      aria-labelledby="titulo-formulario"
      data-lead-request=""
      data-advogado={lawyer?.slug}
      data-busy="Enviando..."
      className="relative space-y-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="titulo-formulario" className="text-xl font-semibold text-slate-900">
        Dados da solicitação
      </h2>
      {lawyer ? <p className="text-sm text-slate-700">Sua solicitação vai para {lawyer.nome}; se quiser, marque também outros advogados da mesma área e cidade.</p> : null}
      <ErrorSummary errors={errors} message={answer?.message} fields={REQUEST_FIELDS} answer={answer} />

      <TextField name="nome" label="Nome completo" autoComplete="name" required maxLength={LEAD_REQUEST_LIMITS.nome.max} defaultValue={text('nome')} error={errors.nome} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField name="email" label="Email" type="email" autoComplete="email" required maxLength={LEAD_REQUEST_LIMITS.email.max} defaultValue={text('email')} error={errors.email} />
        <PhoneField name="whatsapp" label="WhatsApp (com DDD)" required defaultValue={text('whatsapp')} error={errors.whatsapp} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField name="cidade" label="Cidade" placeholder="Selecione a cidade" options={CITIES_BY_LABEL} defaultValue={city} error={errors.cidade} />
        <SelectField name="areaAtuacao" label="Área de atuação" placeholder="Selecione a área" options={PRACTICE_AREAS_BY_LABEL} defaultValue={area} error={errors.areaAtuacao} />
      </div>
      {/* Without JavaScript the list comes in a step of its own: this button asks for it. */}
      <noscript>
        <button type="submit" name="intent" value="ver-advogados" formNoValidate className="rounded-md border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50">
          Ver advogados
        </button>
      </noscript>

      <div data-lawyer-choice="">
        {current ? (
          <LawyerChoice list={current} ticked={ticked} error={errors.advogados} notice={notice} />
        ) : (
          <ChoicePlaceholder loading={false} notice={notice} error={errors.advogados} />
        )}
      </div>
      {/* What the page's script shows while there is no list: before an area and a city, and while one is fetched. */}
      <template data-choice-template="idle">
        <ChoicePlaceholder loading={false} notice={null} error={undefined} />
      </template>
      <template data-choice-template="loading">
        <ChoicePlaceholder loading notice={null} error={undefined} />
      </template>

      <div>
        <label htmlFor="descricao" className="text-sm font-medium text-slate-800">
          Descreva seu caso
        </label>
        <textarea
          id="descricao"
          name="descricao"
          rows={6}
          required
          maxLength={LEAD_REQUEST_LIMITS.descricao.max}
          defaultValue={text('descricao')}
          aria-invalid={errors.descricao ? true : undefined}
          aria-describedby={`descricao-dica${errors.descricao ? ' descricao-erro' : ''}`}
          className="mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2.5 text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-[invalid=true]:border-red-700"
        />
        <p id="descricao-dica" className="mt-1 text-sm text-slate-600">
          Pelo menos {LEAD_REQUEST_LIMITS.descricao.min} caracteres. Não inclua senhas nem dados bancários.
        </p>
        {errors.descricao ? (
          <p id="descricao-erro" className="mt-1 text-sm text-red-700">
            {errors.descricao}
          </p>
        ) : null}
      </div>

      {/* The honeypot: off-screen, hidden from assistive technology and out of the tab order. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-0 h-px w-px overflow-hidden">
        <label htmlFor={HONEYPOT_FIELD}>Deixe este campo em branco</label>
        <input id={HONEYPOT_FIELD} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

      <p className="text-sm text-slate-700">
        Seus dados vão apenas para os advogados que receberem a solicitação. O e-mail de confirmação traz um link para removê-la quando quiser (
        <a href="/politica-de-privacidade" className="font-medium text-brand-700 underline">
          Política de Privacidade
        </a>
        ).
      </p>
      <p
        id="concordancia"
        data-unseen={LEAD_REQUEST_AGREEMENT.unseen(cap)}
        data-chosen={LEAD_REQUEST_AGREEMENT.chosen}
        data-team={LEAD_REQUEST_AGREEMENT.team}
        className="rounded-md bg-slate-50 p-3 text-sm text-slate-800"
      >
        {!current ? LEAD_REQUEST_AGREEMENT.unseen(cap) : current.lawyers.length > 0 ? LEAD_REQUEST_AGREEMENT.chosen : LEAD_REQUEST_AGREEMENT.team}
      </p>
      <button
        type="submit"
        name="intent"
        value="enviar"
        aria-describedby="concordancia"
        className="w-full rounded-md bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-800 aria-disabled:opacity-80 sm:w-auto sm:px-8"
      >
        Enviar Solicitação
      </button>
    </form>
  );
}

/** The box of the lawyers before their list is on the page: the hint, or 'Buscando advogados...'. */
function ChoicePlaceholder({ loading, notice, error }: { loading: boolean; notice: string | null; error: string | undefined }) {
  return (
    <fieldset tabIndex={-1} aria-describedby="advogados-dica" data-focus-on-load={notice ? '' : undefined} className="min-w-0 rounded-lg border border-slate-200 p-4 focus:outline-none">
      <legend className="px-1 text-sm font-medium text-slate-800">Advogados que vão receber sua solicitação</legend>
      {notice ? <p className="mb-3 text-sm font-medium text-amber-900">{notice}</p> : null}
      <p id="advogados-dica" className="text-sm text-slate-700" aria-live="polite">
        {loading ? 'Buscando advogados...' : 'Escolha a cidade e a área de atuação para ver os advogados aprovados que podem receber sua solicitação.'}
      </p>
      {error ? <p className="mt-2 text-sm text-red-700">{error}</p> : null}
    </fieldset>
  );
}

function SelectField({
  name,
  label,
  placeholder,
  options,
  defaultValue,
  error,
}: {
  name: string;
  label: string;
  placeholder: string;
  options: readonly { id: string; label: string }[];
  defaultValue: string;
  error?: string;
}) {
  const errorId = `${name}-erro`;
  return (
    <div>
      <label htmlFor={name} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={name}
        name={name}
        required
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={selectClass}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
