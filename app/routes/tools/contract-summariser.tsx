import { useEffect, useRef, useState, type ChangeEvent, type DragEvent, type FormEvent, type RefObject } from 'react';
import { data, Form, Link, useNavigation } from 'react-router';
import { CLIENT_IP_HEADER } from '~/auth/auth.server';
import { ErrorSummary, refusalForSummary } from '~/components/forms/error-summary';
import { FileText, Upload, X } from '~/components/ui/icons';
import { PhoneField } from '~/components/ui/phone-field';
import { TextField } from '~/components/ui/text-field';
import { appErrorOrThrow, formError } from '~/lib/app-error';
import { parseForm } from '~/lib/parse-form.server';
import { pageMeta } from '~/lib/seo';
import { ANALYSIS_SECTIONS, type ContractAnalysisResult } from '~/modules/contracts/contract-analysis';
import { CONTACT_LIMITS, CONTACT_MESSAGES, CONTRACT_MAX_BYTES, CONTRACT_MESSAGES, sniffContractFormat } from '~/modules/contracts/contract-rules';
import { CONTRACT_FORM_ECHO, contractFormSchema } from '~/modules/contracts/contracts.schemas';
import { analyseContract } from '~/modules/contracts/contracts.server';
import type { Route } from './+types/contract-summariser';

/**
 * /sumarizador-contratos: the contract summariser. One multipart form (the file and the contact), posted
 * to this route's action with or without JavaScript; the action answers the page with the analysis
 * (nothing is stored but the contact, so there is no page to redirect to). With JavaScript the page
 * checks the file's size and first bytes and the required fields before posting, and a new file clears
 * the previous result.
 */

const PATH = '/sumarizador-contratos';

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  // An answer with an analysis (or a refusal) is about one visitor's contract: never stored by a cache.
  if (actionHeaders.has('Cache-Control')) {
    const headers = new Headers({ 'Cache-Control': actionHeaders.get('Cache-Control')! });
    const retryAfter = actionHeaders.get('Retry-After');
    if (retryAfter) headers.set('Retry-After', retryAfter);
    return headers;
  }
  return loaderHeaders.has('X-Page-Cache') ? { 'X-Page-Cache': loaderHeaders.get('X-Page-Cache')! } : { 'X-Page-Cache': '30' };
};

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: matches[0]?.loaderData.site,
    title: 'Sumarizador de Contratos Gratuito',
    description: 'Envie um contrato em PDF ou DOCX e receba um resumo com as partes, valores, datas, prazos, pontos de atenção e recomendações.',
    path: PATH,
  });

export async function action({ request }: Route.ActionArgs) {
  const form = await parseForm(request, contractFormSchema, { echo: CONTRACT_FORM_ECHO });
  if (!form.ok) return noStore(formError(form));
  const { arquivo, ...contact } = form.data;
  try {
    const analysis = await analyseContract({ file: arquivo, contact }, { clientIp: request.headers.get(CLIENT_IP_HEADER) ?? 'unknown' });
    return noStore(data({ errors: {}, message: null, values: form.values, analysis, fileName: arquivo.name.slice(0, 200) }));
  } catch (error) {
    return noStore(formError(form, appErrorOrThrow(error)));
  }
}

/** The answer with `Cache-Control: no-store`: it is about one visitor's contract. */
function noStore<T>(answer: { data: T; init: ResponseInit | null }) {
  const headers = new Headers(answer.init?.headers);
  headers.set('Cache-Control', 'no-store');
  return data(answer.data, { ...answer.init, headers });
}

type ActionAnswer = {
  errors: Partial<Record<string, string>>;
  message: string | null;
  values: Partial<Record<string, string>>;
  analysis?: ContractAnalysisResult;
  fileName?: string;
};

const TIPS = [
  'Use um arquivo com texto selecionável (gerado por um editor de texto), não um documento digitalizado.',
  'Prefira contratos bem formatados, com cláusulas numeradas: cada ponto da análise cita a sua cláusula.',
  'A análise é feita para contratos em português.',
  'O arquivo é lido apenas para a análise e não fica guardado.',
] as const;

/** The form's fields in their order, as the error summary names them. */
const CONTRACT_FIELDS = [
  ['arquivo', 'Arquivo do contrato (PDF ou DOCX)'],
  ['email', 'Email'],
  ['empresa', 'Empresa'],
  ['telefone', 'Telefone (com DDD)'],
] as const;

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export default function ContractSummariserPage({ actionData }: Route.ComponentProps) {
  const answer = actionData as ActionAnswer | undefined;
  const navigation = useNavigation();
  const analysing = navigation.state === 'submitting' && (navigation.formAction ?? '').startsWith(PATH);
  const inputRef = useRef<HTMLInputElement>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);
  const [chosen, setChosen] = useState<{ name: string; size: number } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<string, string>> | null>(null);
  const [dragging, setDragging] = useState(false);
  // The answer the visitor has moved on from (a new file chosen): its result and errors are hidden.
  const [dismissed, setDismissed] = useState<ActionAnswer | null>(null);
  const current = answer && answer !== dismissed ? answer : undefined;

  useEffect(() => {
    if (current?.analysis) resultRef.current?.focus();
  }, [answer]); // eslint-disable-line react-hooks/exhaustive-deps -- once per answer

  const errors: Partial<Record<string, string>> = fieldErrors ?? current?.errors ?? {};
  const values = answer?.values ?? {};
  const arquivoError = fileError ?? errors.arquivo;
  const failure = current && !current.analysis ? (current.message ?? Object.values(current.errors)[0] ?? CONTRACT_MESSAGES.unknownError) : null;
  // The last submit's refusal, the page's own check or the server's: the summary takes the focus with
  // each (decision 0042). A file the server cannot read is said beside the file only.
  const summary = refusalForSummary(fieldErrors ? { errors: fieldErrors } : current, CONTRACT_FIELDS);

  async function chooseFile(file: File | undefined) {
    setDismissed(answer ?? null);
    setFieldErrors(null);
    if (!file) {
      setChosen(null);
      setFileError(null);
      return;
    }
    setChosen({ name: file.name, size: file.size });
    if (file.size > CONTRACT_MAX_BYTES) return setFileError(CONTRACT_MESSAGES.tooLarge);
    const head = new Uint8Array(await file.slice(0, 1024).arrayBuffer());
    setFileError(sniffContractFormat(head) ? null : CONTRACT_MESSAGES.unsupported);
  }

  function onInputChange(event: ChangeEvent<HTMLInputElement>) {
    void chooseFile(event.currentTarget.files?.[0]);
  }

  function onDrop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setDragging(false);
    if (analysing || !inputRef.current || event.dataTransfer.files.length === 0) return;
    // The dropped file becomes the input's, so the form posts it like a picked one.
    const transfer = new DataTransfer();
    transfer.items.add(event.dataTransfer.files[0]!);
    inputRef.current.files = transfer.files;
    void chooseFile(transfer.files[0]);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const field = (name: string) => String(new FormData(form).get(name) ?? '').trim();
    const found: Partial<Record<string, string>> = {};
    const file = inputRef.current?.files?.[0];
    if (!file || file.size === 0) found.arquivo = CONTRACT_MESSAGES.noFile;
    else if (fileError) found.arquivo = fileError;
    if (!field('email')) found.email = CONTACT_MESSAGES.email;
    if (!field('telefone')) found.telefone = CONTACT_MESSAGES.telefone;
    // Posted: the page's own messages give way to the server's answer.
    if (Object.keys(found).length === 0) return setFieldErrors(null);
    event.preventDefault();
    setDismissed(answer ?? null);
    setFileError(null);
    // A new object each time: the summary takes the focus again, even with the same messages.
    setFieldErrors(found);
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <Link to="/ferramentas" className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
        ← Todas as ferramentas
      </Link>
      <h1 className="mt-4 text-3xl font-bold text-slate-900">Sumarizador de Contratos</h1>
      <p className="mt-2 max-w-3xl text-slate-700">
        Envie um contrato em PDF ou DOCX e receba um resumo com as partes, os valores, as datas e prazos, os pontos de atenção e recomendações, cada um com a
        cláusula de onde vem.
      </p>

      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Form
          method="post"
          encType="multipart/form-data"
          noValidate
          onSubmit={onSubmit}
          aria-labelledby="titulo-envio"
          className="space-y-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
        >
          <h2 id="titulo-envio" className="text-xl font-semibold text-slate-900">
            Envie seu contrato
          </h2>
          <ErrorSummary errors={summary.errors} message={summary.message} fields={CONTRACT_FIELDS} answer={fieldErrors ?? current} />
          <fieldset disabled={analysing} className="space-y-5">
            <legend className="sr-only">Contrato e dados de contato</legend>
            <div>
              <label
                htmlFor="arquivo"
                onDragOver={(event) => {
                  event.preventDefault();
                  if (!dragging) setDragging(true);
                }}
                onDragLeave={() => setDragging(false)}
                onDrop={onDrop}
                data-testid="area-arquivo"
                className={`flex cursor-pointer flex-col items-center justify-center rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 ${
                  dragging ? 'border-brand-600 bg-brand-50' : arquivoError ? 'border-red-700 bg-red-50' : 'border-slate-400 bg-slate-50 hover:bg-slate-100'
                }`}
              >
                <Upload className="size-8 text-brand-700" />
                <span className="mt-3 font-semibold text-slate-900">Arquivo do contrato (PDF ou DOCX)</span>
                <span className="mt-1 text-sm text-slate-700">Arraste o arquivo para cá ou clique para escolher. Máximo 10MB.</span>
                <input
                  ref={inputRef}
                  id="arquivo"
                  name="arquivo"
                  type="file"
                  accept=".pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
                  required
                  onChange={onInputChange}
                  aria-invalid={arquivoError ? true : undefined}
                  aria-describedby={arquivoError ? 'arquivo-erro' : chosen ? 'arquivo-escolhido' : undefined}
                  className="mt-4 block w-full max-w-xs text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-700 file:px-3 file:py-2 file:font-semibold file:text-white"
                />
              </label>
              {chosen ? (
                <p id="arquivo-escolhido" className="mt-2 flex items-center gap-2 text-sm text-slate-800">
                  <FileText className="size-4 shrink-0 text-brand-700" />
                  <span className="min-w-0 break-words">
                    {chosen.name} ({formatBytes(chosen.size)})
                  </span>
                </p>
              ) : null}
              {/* An alert of its own: a chosen file the page refuses is said at once, before any submit. */}
              {arquivoError ? (
                <p id="arquivo-erro" role="alert" className="mt-2 text-sm font-medium text-red-700">
                  {arquivoError}
                </p>
              ) : null}
            </div>

            <div className="grid gap-5 sm:grid-cols-2">
              <TextField name="email" label="Email" type="email" autoComplete="email" required maxLength={CONTACT_LIMITS.email} defaultValue={values.email} error={errors.email} />
              <TextField
                name="empresa"
                label="Empresa"
                hint="Opcional: deixe em branco se o contrato é pessoal."
                autoComplete="organization"
                maxLength={CONTACT_LIMITS.empresa}
                defaultValue={values.empresa}
                error={errors.empresa}
              />
            </div>
            <PhoneField
              name="telefone"
              label="Telefone (com DDD)"
              required
              maxLength={CONTACT_LIMITS.telefone}
              defaultValue={values.telefone}
              error={errors.telefone}
            />
            <p className="text-sm text-slate-700">
              Usamos seu contato apenas para falar sobre as ferramentas e os serviços jurídicos da plataforma (
              <Link to="/politica-de-privacidade" className="font-medium text-brand-700 underline">
                Política de Privacidade
              </Link>
              ).
            </p>
            <button
              type="submit"
              className="w-full rounded-md bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-80 sm:w-auto sm:px-8"
            >
              {analysing ? 'Analisando contrato...' : 'Analisar Contrato'}
            </button>
          </fieldset>
        </Form>

        <aside aria-labelledby="titulo-dicas" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="titulo-dicas" className="text-lg font-semibold text-slate-900">
            Dicas para uma boa análise
          </h2>
          <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-slate-700">
            {TIPS.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </aside>
      </div>

      {current?.analysis ? <AnalysisResult analysis={current.analysis} fileName={current.fileName ?? ''} headingRef={resultRef} /> : null}

      <section aria-labelledby="titulo-promocao" className="mt-10 rounded-xl bg-gradient-to-br from-brand-900 to-brand-700 p-6 text-white sm:p-8">
        <h2 id="titulo-promocao" className="text-2xl font-bold">
          Gestão de contratos sem perder prazos
        </h2>
        <p className="mt-3 max-w-3xl text-brand-100">
          Um sistema de gestão de contratos guarda todos os contratos da empresa num só lugar, avisa antes de cada vencimento, renovação automática e reajuste, e
          mostra quem aprovou cada versão. Para revisar ou negociar um contrato, fale com um advogado verificado da nossa rede.
        </p>
        <div className="mt-5 flex flex-col gap-3 sm:flex-row">
          <Link to="/solicitar-atendimento" className="rounded-md bg-white px-5 py-2.5 text-center font-semibold text-brand-800 hover:bg-brand-50">
            Falar com um advogado
          </Link>
          <Link to="/ferramentas" className="rounded-md border border-white/70 px-5 py-2.5 text-center font-semibold text-white hover:bg-white/10">
            Ver outras ferramentas
          </Link>
        </div>
      </section>

      <AnalysisToast answer={current} failure={failure} />
    </div>
  );
}

function AnalysisResult({ analysis, fileName, headingRef }: { analysis: ContractAnalysisResult; fileName: string; headingRef: RefObject<HTMLHeadingElement | null> }) {
  return (
    <section aria-labelledby="titulo-resultado" className="mt-10 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      <h2 id="titulo-resultado" ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-slate-900 focus:outline-none">
        Análise do contrato
      </h2>
      <p className="mt-1 text-sm break-words text-slate-600">
        {fileName}
        {analysis.source === 'external' ? ' · análise por inteligência artificial' : ' · análise automática por regras'}
      </p>
      {analysis.note ? <p className="mt-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">{analysis.note}</p> : null}
      <div className="mt-6 space-y-8">
        {ANALYSIS_SECTIONS.map((section) => (
          <section key={section.key} aria-labelledby={`secao-${section.key}`}>
            <h3 id={`secao-${section.key}`} className={`text-lg font-semibold ${section.key === 'pontosDeAtencao' ? 'text-red-800' : 'text-brand-800'}`}>
              {section.title}
            </h3>
            {section.key === 'resumoExecutivo' ? (
              <div className="mt-2 space-y-2 text-slate-800">
                {analysis.sections[section.key].map((paragraph, i) => (
                  <p key={i}>{paragraph}</p>
                ))}
              </div>
            ) : (
              <ul className="mt-2 list-disc space-y-1.5 pl-5 text-slate-800">
                {analysis.sections[section.key].map((item, i) => (
                  <li key={i} className="break-words">
                    {item}
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
      <p className="mt-8 text-sm text-slate-600">Esta análise automática ajuda a ler o contrato, mas não substitui a orientação de um advogado.</p>
    </section>
  );
}

/** The toast of an answer: 'Análise Concluída' or 'Erro na Análise' with the reason; one at a time, gone after a few seconds. */
function AnalysisToast({ answer, failure }: { answer: ActionAnswer | undefined; failure: string | null }) {
  const [closedFor, setClosedFor] = useState<ActionAnswer | null>(null);
  useEffect(() => {
    if (!answer) return;
    const timer = setTimeout(() => setClosedFor(answer), 6000);
    return () => clearTimeout(timer);
  }, [answer]);
  const visible = answer && answer !== closedFor;
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
      {visible ? (
        <div
          className={`pointer-events-auto flex max-w-md items-start gap-3 rounded-lg border bg-white px-4 py-3 text-sm shadow-xl ${failure ? 'border-red-300' : 'border-green-300'}`}
        >
          <div>
            <p className={`font-semibold ${failure ? 'text-red-800' : 'text-green-800'}`}>{failure ? CONTRACT_MESSAGES.failureTitle : CONTRACT_MESSAGES.successTitle}</p>
            <p className="mt-0.5 text-slate-800">{failure ?? CONTRACT_MESSAGES.successDescription}</p>
          </div>
          <button type="button" onClick={() => setClosedFor(answer ?? null)} aria-label="Fechar aviso" className="-m-1 rounded p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900">
            <X className="size-4" />
          </button>
        </div>
      ) : null}
    </div>
  );
}
