import { data, redirect, useRouteLoaderData } from 'react-router';
import { z } from 'zod';
import { CLIENT_IP_HEADER } from '~/auth/auth.server';
import { ErrorSummary, refusalForSummary } from '~/components/forms/error-summary';
import { fieldErrorClass, formControlClass, formLabelClass } from '~/components/forms/form-styles';
import { BadgeCheck } from '~/components/ui/icons';
import { PhoneField } from '~/components/ui/phone-field';
import { TextField } from '~/components/ui/text-field';
import { STATE_CODES, STATES } from '~/domain/catalog/catalog';
import { PHONE_INPUT_MAX_LENGTH } from '~/domain/phone';
import { CNA_URL, CONFIRM_LAWYER_PATH } from '~/domain/trust';
import { AppError, keepRetryAfter } from '~/lib/app-error';
import { parseForm } from '~/lib/parse-form.server';
import { pageMeta } from '~/lib/seo';
import { loadAsDocument, SERVER_RENDERED } from '~/lib/server-rendered-page';
import { confirmByOab, confirmByPhone, spendConfirmQuery, type ConfirmAnswer } from '~/modules/trust/confirm-lawyer.server';
import { submitScamReport } from '~/modules/trust/scam-reports.server';
import {
  confirmByOabSchema,
  confirmByPhoneSchema,
  CONTATO_MAX_LENGTH,
  RELATO_MAX_LENGTH,
  reportSchema,
  TRUST_TEXTS,
} from '~/modules/trust/trust.schemas';
import type { loader as rootLoader } from '~/root';
import type { Route } from './+types/confirm-lawyer';

/**
 * /confirmar-advogado (issue 27, decision 0062): a client checks whether a phone number, or an OAB
 * number and UF, belongs to a lawyer verified on the platform, and can report a scam ('Denunciar').
 * Every form is a POST (the answer depends on what was typed: never in the page cache, never in a URL
 * or a log), and works without JavaScript. Queries: 30 per client address and minute.
 */

const PATH = CONFIRM_LAWYER_PATH;
const REPORT_RECEIVED = 'recebida';

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const perfil = url.searchParams.get('perfil');
  return data(
    { perfil: perfil && /^[a-z0-9-]{1,100}$/.test(perfil) ? perfil : null, reported: url.searchParams.get('denuncia') === REPORT_RECEIVED },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

const ECHO = { intent: 20, telefone: PHONE_INPUT_MAX_LENGTH, numeroOab: 20, uf: 2, relato: RELATO_MAX_LENGTH, numero: PHONE_INPUT_MAX_LENGTH, contato: CONTATO_MAX_LENGTH, perfil: 100 };
const anyForm = z.discriminatedUnion('intent', [confirmByPhoneSchema, confirmByOabSchema, reportSchema], { message: TRUST_TEXTS.invalidIntent });

type Intent = 'telefone' | 'oab' | 'denunciar';
interface Answer {
  intent: Intent | null;
  errors: Partial<Record<string, string>>;
  message: string | null;
  values: Partial<Record<keyof typeof ECHO, string>>;
  result?: ConfirmAnswer;
}

function refused(intent: Intent | null, values: Answer['values'], errors: Answer['errors'], error?: AppError) {
  const body: Answer = { intent, errors: error?.field ? { [error.field]: error.message } : errors, message: error && !error.field ? error.message : null, values };
  return data(body, { status: error?.status ?? 400, headers: error?.retryAfter ? { 'Retry-After': String(error.retryAfter) } : undefined });
}

export async function action({ request }: Route.ActionArgs) {
  const form = await parseForm(request, anyForm, { echo: ECHO });
  const intent = (['telefone', 'oab', 'denunciar'] as const).find((i) => i === form.values.intent) ?? null;
  const clientIp = request.headers.get(CLIENT_IP_HEADER) ?? 'unknown';
  if (!intent) return refused(null, {}, {}, new AppError(TRUST_TEXTS.invalidIntent, { status: 400, code: 'invalid_intent' }));
  try {
    // Every query counts, whatever was typed: the limit is on asking, not on asking well.
    if (intent !== 'denunciar') await spendConfirmQuery(clientIp);
    if (!form.ok) return refused(intent, form.values, form.errors);
    const input = form.data;
    if (input.intent === 'telefone') return data<Answer>({ intent, errors: {}, message: null, values: form.values, result: await confirmByPhone(input.telefone) });
    if (input.intent === 'oab') return data<Answer>({ intent, errors: {}, message: null, values: form.values, result: await confirmByOab(input.numeroOab, input.uf) });
    await submitScamReport(input, { clientIp });
  } catch (error) {
    if (error instanceof AppError) return refused(intent, form.values, {}, error);
    throw error;
  }
  throw redirect(`${PATH}?denuncia=${REPORT_RECEIVED}#denunciar`, 303);
}

export const headers: Route.HeadersFunction = (args) => {
  const headers = keepRetryAfter(args);
  headers.set('Cache-Control', 'no-store');
  return headers;
};

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: matches[0]?.loaderData.site,
    title: 'Confirmar um advogado',
    description: 'Confira se um telefone ou uma inscrição na OAB pertence a um advogado verificado na plataforma, e denuncie o golpe do falso advogado.',
    path: PATH,
  });

// Rendered on the server only: no React in the browser (docs/decisions/0060).
export const handle = SERVER_RENDERED;
export const clientLoader = loadAsDocument;

const PHONE_FIELDS = [['telefone', 'Telefone ou WhatsApp']] as const;
const OAB_FIELDS = [
  ['numeroOab', 'Número da OAB'],
  ['uf', 'Seccional (UF)'],
] as const;
const REPORT_FIELDS = [
  ['relato', 'O que aconteceu'],
  ['numero', 'Número usado'],
  ['contato', 'Seu contato (opcional)'],
] as const;

const card = 'rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6';
const submit = 'inline-flex w-full items-center justify-center rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 sm:w-auto';

export default function ConfirmLawyerPage({ loaderData, actionData }: Route.ComponentProps) {
  const brandName = useRouteLoaderData<typeof rootLoader>('root')?.site.brandName ?? 'JusConecta';
  const answer = actionData as Answer | undefined;
  const own = (intent: Intent) => (answer?.intent === intent ? answer : undefined);
  const phone = own('telefone');
  const oab = own('oab');
  const report = own('denunciar');
  const result = answer?.result;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">Confirmar um advogado</h1>
      <p className="mt-3 text-slate-700">
        Recebeu uma mensagem de alguém que diz ser advogado do {brandName}? Confira aqui se o telefone ou a inscrição na OAB pertence a um advogado verificado na
        plataforma. Advogados do {brandName} nunca pedem PIX nem pagamento de taxas para liberar dinheiro de processo.
      </p>

      {answer && !answer.intent && answer.message ? (
        <div role="alert" className="mt-6 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {answer.message}
        </div>
      ) : null}

      {result ? <ConfirmResult result={result} brandName={brandName} /> : null}

      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <section aria-labelledby="por-telefone" className={card}>
          <h2 id="por-telefone" className="text-xl font-semibold text-slate-900">
            Pelo telefone
          </h2>
          <form method="post" action={PATH} noValidate data-busy="Confirmando…" className="mt-4 space-y-4">
            <input type="hidden" name="intent" value="telefone" />
            <ErrorSummary {...refusalForSummary(phone, PHONE_FIELDS)} fields={PHONE_FIELDS} answer={phone} />
            <PhoneField name="telefone" label="Telefone ou WhatsApp" required defaultValue={phone?.values.telefone} error={phone?.errors.telefone} hint="Com DDD, como em (11) 98765-4321" />
            <button type="submit" className={submit}>
              Confirmar telefone
            </button>
          </form>
        </section>

        <section aria-labelledby="por-oab" className={card}>
          <h2 id="por-oab" className="text-xl font-semibold text-slate-900">
            Pelo número da OAB
          </h2>
          <form method="post" action={PATH} noValidate data-busy="Confirmando…" className="mt-4 space-y-4">
            <input type="hidden" name="intent" value="oab" />
            <ErrorSummary {...refusalForSummary(oab, OAB_FIELDS)} fields={OAB_FIELDS} answer={oab} />
            <TextField name="numeroOab" label="Número da OAB" inputMode="numeric" autoComplete="off" required maxLength={20} defaultValue={oab?.values.numeroOab} error={oab?.errors.numeroOab} />
            <div>
              <label htmlFor="uf" className={formLabelClass}>
                Seccional (UF)
              </label>
              <select
                id="uf"
                name="uf"
                required
                defaultValue={oab?.values.uf ?? ''}
                aria-invalid={oab?.errors.uf ? true : undefined}
                aria-describedby={oab?.errors.uf ? 'uf-erro' : undefined}
                className={formControlClass}
              >
                <option value="">UF</option>
                {STATE_CODES.map((code) => (
                  <option key={code} value={code}>
                    {code} — {STATES[code]}
                  </option>
                ))}
              </select>
              {oab?.errors.uf ? (
                <p id="uf-erro" className={fieldErrorClass}>
                  {oab.errors.uf}
                </p>
              ) : null}
            </div>
            <button type="submit" className={submit}>
              Confirmar inscrição
            </button>
          </form>
        </section>
      </div>

      <section aria-labelledby="denunciar" className={`${card} mt-8 scroll-mt-24`}>
        <h2 id="denunciar" className="text-xl font-semibold text-slate-900">
          Denunciar
        </h2>
        <p className="mt-2 text-sm text-slate-700">
          Alguém pediu PIX, depósito ou uma “taxa” dizendo ser advogado? Conte o que aconteceu: a equipe do {brandName} analisa cada denúncia. Se houve prejuízo, registre
          também um boletim de ocorrência.
        </p>
        {loaderData.reported && !report ? (
          <p role="status" tabIndex={-1} data-focus-on-load="" className="mt-4 rounded-md border border-green-300 bg-green-50 px-4 py-3 font-semibold text-green-900">
            {TRUST_TEXTS.reported}
          </p>
        ) : null}
        <form method="post" action={PATH} noValidate data-busy="Enviando…" className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="denunciar" />
          {loaderData.perfil || report?.values.perfil ? <input type="hidden" name="perfil" value={report?.values.perfil || loaderData.perfil || ''} /> : null}
          <ErrorSummary {...refusalForSummary(report, REPORT_FIELDS)} fields={REPORT_FIELDS} answer={report} />
          <div>
            <label htmlFor="relato" className={formLabelClass}>
              O que aconteceu
            </label>
            <textarea
              id="relato"
              name="relato"
              rows={5}
              required
              maxLength={RELATO_MAX_LENGTH}
              defaultValue={report?.values.relato}
              aria-invalid={report?.errors.relato ? true : undefined}
              aria-describedby={report?.errors.relato ? 'relato-erro' : 'relato-dica'}
              className={formControlClass}
            />
            <p id="relato-dica" className="mt-1 text-sm text-slate-600">
              Ex.: quem escreveu, o que pediu, quanto e por qual meio.
            </p>
            {report?.errors.relato ? (
              <p id="relato-erro" className={fieldErrorClass}>
                {report.errors.relato}
              </p>
            ) : null}
          </div>
          <PhoneField name="numero" label="Número usado" required defaultValue={report?.values.numero} error={report?.errors.numero} hint="O telefone ou WhatsApp que falou com você" />
          <TextField
            name="contato"
            label="Seu contato (opcional)"
            maxLength={CONTATO_MAX_LENGTH}
            defaultValue={report?.values.contato}
            error={report?.errors.contato}
            hint="E-mail ou telefone, se quiser que a equipe fale com você"
          />
          <button type="submit" className="inline-flex w-full items-center justify-center rounded-md bg-red-800 px-5 py-2.5 font-semibold text-white hover:bg-red-900 sm:w-auto">
            Enviar denúncia
          </button>
        </form>
      </section>
    </div>
  );
}

/** The answer: the verified lawyers of the number or inscription, or none and what to do. Nothing else about anyone. */
function ConfirmResult({ result, brandName }: { result: ConfirmAnswer; brandName: string }) {
  const found = result.lawyers.length > 0;
  return (
    <section
      aria-labelledby="resultado"
      tabIndex={-1}
      data-focus-on-load=""
      className={`mt-6 rounded-xl border p-5 focus:outline-none ${found ? 'border-green-300 bg-green-50 text-green-950' : 'border-amber-400 bg-amber-50 text-slate-900'}`}
    >
      <h2 id="resultado" className="text-lg font-semibold">
        {found
          ? `${result.asked} pertence a ${result.lawyers.length === 1 ? 'um advogado verificado' : 'advogados verificados'} no ${brandName}`
          : `${result.asked} não pertence a nenhum advogado verificado no ${brandName}`}
      </h2>
      {found ? (
        <>
          <ul className="mt-3 space-y-3">
            {result.lawyers.map((lawyer) => (
              <li key={lawyer.slug} className="flex items-start gap-2">
                <BadgeCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-800" />
                <span>
                  <strong>{lawyer.nome}</strong>
                  <span className="block text-sm">{lawyer.oab}</span>
                  <a href={`/advogado/${lawyer.slug}`} className="text-sm font-semibold text-brand-800 underline">
                    Ver perfil de {lawyer.nome}
                  </a>
                </span>
              </li>
            ))}
          </ul>
          <p className="mt-3 text-sm">
            Confira se o nome é o de quem falou com você. Mesmo assim, não pague PIX nem “taxas” para liberar valores de processo: nenhum advogado do {brandName} pede isso.
          </p>
        </>
      ) : (
        <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm">
          <li>Não faça pagamentos nem envie documentos ou códigos para esse contato.</li>
          <li>Fale com o seu advogado por um telefone ou e-mail que você já conhecia, não pelo contato que fez o pedido.</li>
          <li>
            Confira a inscrição no{' '}
            <a href={CNA_URL} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand-800 underline">
              Cadastro Nacional dos Advogados (cna.oab.org.br)
            </a>
            .
          </li>
          <li>
            Se foi um golpe,{' '}
            <a href="#denunciar" className="font-semibold text-brand-800 underline">
              denuncie aqui
            </a>{' '}
            e registre um boletim de ocorrência.
          </li>
        </ul>
      )}
    </section>
  );
}
