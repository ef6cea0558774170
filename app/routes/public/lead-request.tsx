import { useEffect, useRef } from 'react';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { CLIENT_IP_HEADER } from '~/auth/auth.server';
import { TextField } from '~/components/ui/text-field';
import { PhoneField } from '~/components/ui/phone-field';
import { AppError, formError, keepRetryAfter } from '~/lib/app-error';
import { parseForm } from '~/lib/parse-form.server';
import { pageMeta } from '~/lib/seo';
import { backgroundLog } from '~/lib/log.server';
import { CITIES_BY_LABEL, PRACTICE_AREAS_BY_LABEL } from '~/domain/catalog/catalog';
import { LawyerAvatar } from '~/modules/lawyers/components/lawyer-avatar';
import { formatOab } from '~/modules/lawyers/contact';
import { getPublicLawyerProfile } from '~/modules/lawyers/lawyers.server';
import { SafetyTips } from '~/modules/leads/components/safety-tips';
import { clearLeadRequestOutcomeCookie, leadRequestOutcomeCookie, readLeadRequestOutcome } from '~/modules/leads/lead-request-cookie.server';
import { HONEYPOT_FIELD, LEAD_REQUEST_LIMITS, LEAD_REQUEST_MESSAGES, outcomeMessage } from '~/modules/leads/lead-requests';
import { LEAD_REQUEST_ECHO, leadRequestSchema } from '~/modules/leads/lead-requests.schemas';
import { submitLeadRequest } from '~/modules/leads/lead-requests.server';
import type { Route } from './+types/lead-request';
import { ErrorSummary } from '~/components/forms/error-summary';

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
      lawyer = { nome: profile.nome, slug: profile.slug, oab: formatOab(profile.oabUf, profile.numeroOab), fotoUrl: profile.fotoUrl, areas: profile.areas, cidades: profile.cidades };
    }
  }
  const result = readLeadRequestOutcome(request);
  const headers = new Headers();
  if (result) {
    headers.append('Set-Cookie', clearLeadRequestOutcomeCookie);
    headers.set('Cache-Control', 'no-store');
  }
  return data({ lawyer, result }, { headers });
}

export async function action({ request, params }: Route.ActionArgs) {
  const form = await parseForm(request, leadRequestSchema, { echo: LEAD_REQUEST_ECHO });
  if (!form.ok) return formError(form);
  let submitted;
  try {
    submitted = await submitLeadRequest(form.data, { clientIp: request.headers.get(CLIENT_IP_HEADER) ?? 'unknown', chosenSlug: params.slug ?? null });
  } catch (error) {
    if (error instanceof AppError) return formError(form, error);
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
  ['descricao', 'Descreva seu caso'],
] as const;

export default function LeadRequestPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lawyer, result } = loaderData;
  const navigation = useNavigation();
  const submitting = navigation.state === 'submitting' && (navigation.formAction ?? '').startsWith(PATH);
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const values: Partial<Record<string, string>> = actionData?.values ?? {};
  const outcomeRef = useRef<HTMLDivElement>(null);

  // With JavaScript the page stays mounted across the redirect: move focus to the outcome, so that it
  // is read out, and remount the form (below, by key) so that it is empty again.
  useEffect(() => {
    if (result) outcomeRef.current?.focus();
  }, [result?.id]); // eslint-disable-line react-hooks/exhaustive-deps -- once per outcome

  const single = (list: string[] | undefined) => (list?.length === 1 ? list[0] : undefined);
  const chosenCity = values.cidade ?? single(lawyer?.cidades) ?? '';
  const chosenArea = values.areaAtuacao ?? single(lawyer?.areas) ?? '';

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">Solicite Atendimento Jurídico</h1>
      <p className="mt-2 max-w-3xl text-slate-700">
        Conte o seu caso. Ele é enviado aos advogados aprovados, com inscrição na OAB verificada, que atendem a área e a cidade que você escolher; quem puder
        atender entra em contato pelo WhatsApp ou pelo e-mail informados.
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
                <Link to={`/advogado/${lawyer.slug}`} className="text-sm font-medium text-brand-700 underline">
                  Ver perfil
                </Link>
              </div>
            </section>
          ) : null}

          {result ? (
            <div ref={outcomeRef} tabIndex={-1} role="status" className="rounded-xl border border-green-300 bg-green-50 p-5 text-green-900 focus:outline-none">
              <p className="font-semibold">{outcomeMessage(result.outcome)}</p>
              <p className="mt-2 text-sm">
                Enviamos um e-mail de confirmação com os advogados que receberam sua solicitação e um link para removê-la quando quiser. Lembre-se: advogados não
                pedem pagamento pelo WhatsApp antes de um contrato assinado.
              </p>
            </div>
          ) : null}

          <Form method="post" key={result?.id ?? 'form'} noValidate aria-labelledby="titulo-formulario" className="relative space-y-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
            <h2 id="titulo-formulario" className="text-xl font-semibold text-slate-900">
              Dados da solicitação
            </h2>
            {lawyer ? (
              <p className="text-sm text-slate-700">
                Sua solicitação vai para {lawyer.nome} e também para os outros advogados aprovados que atendem a área e a cidade escolhidas.
              </p>
            ) : null}
            <ErrorSummary errors={errors} message={actionData?.message} fields={REQUEST_FIELDS} answer={actionData} />

            <TextField name="nome" label="Nome completo" autoComplete="name" required maxLength={LEAD_REQUEST_LIMITS.nome.max} defaultValue={values.nome} error={errors.nome} />
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField name="email" label="Email" type="email" autoComplete="email" required maxLength={LEAD_REQUEST_LIMITS.email.max} defaultValue={values.email} error={errors.email} />
              <PhoneField name="whatsapp" label="WhatsApp (com DDD)" required defaultValue={values.whatsapp} error={errors.whatsapp} />
            </div>
            <div className="grid gap-5 sm:grid-cols-2">
              <SelectField name="cidade" label="Cidade" placeholder="Selecione a cidade" options={CITIES_BY_LABEL} defaultValue={chosenCity} error={errors.cidade} />
              <SelectField
                name="areaAtuacao"
                label="Área de atuação"
                placeholder="Selecione a área"
                options={PRACTICE_AREAS_BY_LABEL}
                defaultValue={chosenArea}
                error={errors.areaAtuacao}
              />
            </div>
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
                defaultValue={values.descricao}
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
              <Link to="/politica-de-privacidade" className="font-medium text-brand-700 underline">
                Política de Privacidade
              </Link>
              ).
            </p>
            <button type="submit" disabled={submitting} className="w-full rounded-md bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-80 sm:w-auto sm:px-8">
              {submitting ? 'Enviando...' : 'Enviar Solicitação'}
            </button>
          </Form>
        </div>

        <aside>
          <SafetyTips />
        </aside>
      </div>
    </div>
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
