import { RefreshCw, Scale, Send, Trash2 } from 'lucide-react';
import { Form, Link, useNavigation } from 'react-router';
import { ErrorSummary, refusalForSummary } from '~/components/forms/error-summary';
import { UrlDialog } from '~/components/ui/url-dialog';
import type { WriteRefusal } from '~/lib/write-answer';
import { COURT_CHOICES, COURT_GROUP_LABELS } from '~/domain/cnj';
import { ALL_COURTS, FREQUENCY_LABELS, MONITORING_STATUS_LABELS, MONITORING_TEXTS, MOVEMENT_TYPE_LABELS, type MonitoringIntent } from '~/modules/monitoring/monitoring.texts';
import type { MonitoringDetailsView, MonitoringSectionView } from '../monitoring-view.server';
import { primaryButton, secondaryButton, termClass } from './area-styles';

/** The action's answer when a monitoring form did not go through. */
export type MonitoringActionData = WriteRefusal<'monitoramento', MonitoringIntent>;

const SECTION = '/area-advogado?section=monitoramento';
const fieldClass =
  'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2.5 text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-[invalid=true]:border-red-700';
const removeButton = 'inline-flex items-center justify-center gap-2 rounded-md border border-red-700 px-4 py-2 text-sm font-semibold text-red-800 hover:bg-red-50 disabled:opacity-70';

const STATUS_LOOK = {
  PENDENTE: 'border-amber-300 bg-amber-50 text-amber-900',
  ENCONTRADO: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  NAO_ENCONTRADO: 'border-slate-300 bg-slate-50 text-slate-700',
} as const;
const TYPE_LOOK = {
  ANDAMENTO: 'border-sky-200 bg-sky-50 text-sky-900',
  DECISAO: 'border-violet-200 bg-violet-50 text-violet-900',
  DESPACHO: 'border-amber-300 bg-amber-50 text-amber-900',
  SENTENCA: 'border-emerald-200 bg-emerald-50 text-emerald-800',
} as const;

function Badge({ className, children }: { className: string; children: string }) {
  return <span className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${className}`}>{children}</span>;
}

/** A failure to load (not a form's answer): said when it appears. */
function ErrorBox({ message }: { message: string }) {
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      {message}
    </p>
  );
}

/** The create form's fields in their order, as its error summary names them (the number's input has an id of its own). */
const CREATE_FIELDS = [
  ['numero', 'Número do processo', 'numero-processo'],
  ['tribunal', 'Tribunal'],
  ['frequencia', 'Frequência'],
] as const;

/**
 * The answer of a form without fields of its own (a removal, 'Atualizar', the test send): its message in
 * an error summary, which takes the focus (decision 0042).
 */
function AnswerSummary({ answer }: { answer: MonitoringActionData | undefined }) {
  const { message } = refusalForSummary(answer, []);
  return <ErrorSummary message={message} fields={[]} answer={answer} />;
}

/** Gratuito and básico: the plan's notice and the way to a plan that includes monitoring. */
function PlanNotice({ text, action }: { text: string; action: string }) {
  return (
    <div className="rounded-xl border border-amber-300 bg-amber-50 p-6 text-slate-900">
      <p>{text}</p>
      <Link to="/area-advogado?section=financeiro" className={`${primaryButton} mt-4`}>
        {action}
      </Link>
    </div>
  );
}

/**
 * The monitoring part of 'Monitoramento de Processos' (docs/product-rules.md, "Process monitoring"), below the messaging card:
 * the plan's notice, or the create form, 'Monitoramentos Ativos' and the details dialog a row opens.
 * Plain forms and links: everything works without JavaScript.
 */
export function MonitoringPanel({ view, actionData }: { view: MonitoringSectionView; actionData: MonitoringActionData | undefined }) {
  const navigation = useNavigation();
  const pending = (intent: MonitoringIntent) => navigation.state !== 'idle' && navigation.formData?.get('intent') === intent;
  const answer = (intent: MonitoringIntent) => (actionData?.intent === intent ? actionData : undefined);

  if (view.state === 'free-plan') return <PlanNotice text={MONITORING_TEXTS.notInFreePlan} action="Ver Planos Disponíveis" />;
  if (view.state === 'needs-intermediario') return <PlanNotice text={MONITORING_TEXTS.startsAtIntermediario} action="Atualizar plano" />;
  if (view.state === 'error') {
    return (
      <div className="space-y-3">
        <ErrorBox message={view.message} />
        <Link to={SECTION} className={secondaryButton}>
          Tentar novamente
        </Link>
      </div>
    );
  }

  const create = answer('criar-monitoramento');
  // The duplicate number is said beside the number only; the summary links to it.
  const createSummary = refusalForSummary(create, CREATE_FIELDS);
  const removal = answer('remover-monitoramento');
  const full = view.rows.length >= view.cap;

  return (
    <>
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h3 className="flex items-center gap-2 text-xl font-bold text-slate-900">
          <Scale aria-hidden="true" className="size-6 text-brand-700" />
          Novo monitoramento
        </h3>
        <p className="mt-2 text-slate-700">
          Informe o número do processo no padrão CNJ. As movimentações são acompanhadas pelo {view.providerName} e avisadas no seu WhatsApp de notificações.
        </p>
        {/* Keyed by the newest row: after a successful add the form is a new one, its number field empty. */}
        <Form key={view.rows[0]?.id ?? 'nenhum'} method="post" action={SECTION} className="mt-6 space-y-5" noValidate>
          <input type="hidden" name="intent" value="criar-monitoramento" />
          <ErrorSummary errors={createSummary.errors} message={createSummary.message} fields={CREATE_FIELDS} answer={create} />
          <div className="grid gap-5 md:grid-cols-3">
            <div className="md:col-span-3 lg:col-span-1">
              <label htmlFor="numero-processo" className="block text-sm font-medium text-slate-800">
                Número do processo
              </label>
              <input
                id="numero-processo"
                name="numero"
                type="text"
                inputMode="numeric"
                autoComplete="off"
                required
                maxLength={30}
                placeholder="0000000-00.0000.0.00.0000"
                defaultValue={create?.values.numero ?? ''}
                aria-invalid={create?.errors.numero ? true : undefined}
                aria-describedby={create?.errors.numero ? 'numero-processo-erro' : 'numero-processo-dica'}
                className={fieldClass}
              />
              {create?.errors.numero ? (
                <p id="numero-processo-erro" className="mt-1 text-sm text-red-700">
                  {create.errors.numero}
                </p>
              ) : (
                <p id="numero-processo-dica" className="mt-1 text-sm text-slate-600">
                  Formato NNNNNNN-DD.AAAA.J.TR.OOOO
                </p>
              )}
            </div>
            <div>
              <label htmlFor="tribunal" className="block text-sm font-medium text-slate-800">
                Tribunal
              </label>
              <select
                id="tribunal"
                name="tribunal"
                defaultValue={create?.values.tribunal ?? ALL_COURTS}
                className={fieldClass}
                aria-invalid={create?.errors.tribunal ? true : undefined}
                aria-describedby={create?.errors.tribunal ? 'tribunal-erro' : undefined}
              >
                <option value={ALL_COURTS}>Todos (pelo número do processo)</option>
                {COURT_GROUP_LABELS.map(([group, label]) => (
                  <optgroup key={group} label={label}>
                    {COURT_CHOICES.filter((court) => court.grupo === group).map((court) => (
                      <option key={court.sigla} value={court.sigla}>
                        {court.sigla} — {court.nome}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
              {create?.errors.tribunal ? (
                <p id="tribunal-erro" className="mt-1 text-sm text-red-700">
                  {create.errors.tribunal}
                </p>
              ) : null}
            </div>
            <div>
              <label htmlFor="frequencia" className="block text-sm font-medium text-slate-800">
                Frequência
              </label>
              <select
                id="frequencia"
                name="frequencia"
                defaultValue={create?.values.frequencia ?? 'DIARIA'}
                className={fieldClass}
                aria-invalid={create?.errors.frequencia ? true : undefined}
                aria-describedby={create?.errors.frequencia ? 'frequencia-erro' : undefined}
              >
                {Object.entries(FREQUENCY_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
              {create?.errors.frequencia ? (
                <p id="frequencia-erro" className="mt-1 text-sm text-red-700">
                  {create.errors.frequencia}
                </p>
              ) : null}
            </div>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <button type="submit" disabled={pending('criar-monitoramento')} className={`${primaryButton} w-full disabled:opacity-80 sm:w-auto`}>
              {pending('criar-monitoramento') ? 'Criando monitoramento...' : 'Monitorar processo'}
            </button>
            <p className={`text-sm ${full ? 'font-semibold text-red-800' : 'text-slate-700'}`}>
              {view.rows.length} de {view.cap} processos do seu plano
            </p>
          </div>
        </Form>
      </div>

      <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <h3 id="monitoramentos-ativos" className="px-6 pt-6 text-xl font-bold text-slate-900">
          Monitoramentos Ativos
        </h3>
        {removal?.message ? (
          <div className="px-6 pt-4">
            <AnswerSummary answer={removal} />
          </div>
        ) : null}
        {view.rows.length === 0 ? (
          <p className="px-6 py-6 text-slate-700">Nenhum processo monitorado ainda. Adicione o primeiro no formulário acima.</p>
        ) : (
          <div role="region" aria-label="Monitoramentos Ativos (role para os lados no celular)" tabIndex={0} className="relative mt-4 overflow-x-auto">
            <table aria-labelledby="monitoramentos-ativos" className="min-w-full divide-y divide-slate-200">
              <thead className="bg-slate-50">
                <tr>
                  {['Processo', 'Tribunal', 'Classe e órgão julgador', 'Status', 'Última movimentação', 'Criado em', 'Ações'].map((h) => (
                    <th key={h} scope="col" className="px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-700 uppercase">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {view.rows.map((row) => (
                  <tr key={row.id} className="hover:bg-slate-50">
                    <td className="px-3 py-3 text-sm whitespace-nowrap">
                      <Link
                        to={`${SECTION}&processo=${row.id}`}
                        preventScrollReset
                        className="font-mono font-semibold text-brand-800 underline-offset-2 hover:underline"
                        aria-label={`Ver detalhes do processo ${row.numero}`}
                      >
                        {row.numero}
                      </Link>
                    </td>
                    <td className="px-3 py-3 text-sm text-slate-800">{row.tribunal}</td>
                    <td className="min-w-48 px-3 py-3 text-sm text-slate-800">
                      {row.classe || row.orgaoJulgador ? (
                        <>
                          <span className="block">{row.classe ?? '—'}</span>
                          {row.orgaoJulgador ? <span className="block text-xs text-slate-600">{row.orgaoJulgador}</span> : null}
                        </>
                      ) : (
                        '—'
                      )}
                    </td>
                    <td className="px-3 py-3 text-sm">
                      <Badge className={STATUS_LOOK[row.status]}>{MONITORING_STATUS_LABELS[row.status]}</Badge>
                      {row.retryMessage ? <span className="mt-1 block text-xs text-amber-900">{row.retryMessage}</span> : null}
                    </td>
                    <td className="min-w-48 px-3 py-3 text-sm text-slate-800">
                      {row.ultimaMovimentacao ? (
                        <>
                          <span className="block text-xs whitespace-nowrap text-slate-600">{row.ultimaMovimentacao.data}</span>
                          <span className="line-clamp-2 block">{row.ultimaMovimentacao.descricao}</span>
                        </>
                      ) : (
                        'Nenhuma ainda'
                      )}
                    </td>
                    <td className="px-3 py-3 text-sm whitespace-nowrap text-slate-800">{row.criadoEm}</td>
                    <td className="px-3 py-3 text-sm">
                      <Link to={`${SECTION}&remover=${row.id}`} preventScrollReset className="inline-flex items-center gap-1.5 font-semibold text-red-800 hover:underline">
                        <Trash2 aria-hidden="true" className="size-4" />
                        Remover<span className="sr-only"> o monitoramento do processo {row.numero}</span>
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>

      {view.removing ? (
        <UrlDialog title="Remover monitoramento?" closeTo={SECTION} role="alertdialog">
          <p className="text-slate-700">
            O processo <span className="font-mono font-semibold">{view.removing.numero}</span> deixará de ser acompanhado, e as movimentações guardadas dele serão apagadas.
          </p>
          <div className="flex flex-wrap justify-end gap-3">
            <Link to={SECTION} replace preventScrollReset className={secondaryButton}>
              Cancelar
            </Link>
            <Form method="post" action={SECTION}>
              <input type="hidden" name="intent" value="remover-monitoramento" />
              <input type="hidden" name="monitoringId" value={view.removing.id} />
              <button type="submit" disabled={pending('remover-monitoramento')} className={removeButton}>
                <Trash2 aria-hidden="true" className="size-4" />
                {pending('remover-monitoramento') ? 'Removendo...' : 'Remover'}
              </button>
            </Form>
          </div>
        </UrlDialog>
      ) : null}

      {view.details || view.detailsError ? (
        <DetailsDialog details={view.details} error={view.detailsError} sendKey={view.sendKey} answer={answer('atualizar-monitoramento') ?? answer('testar-notificacao-processo')} pending={pending} />
      ) : null}
    </>
  );
}

function DetailsDialog({
  details,
  error,
  sendKey,
  answer,
  pending,
}: {
  details: MonitoringDetailsView | null;
  error: string | null;
  sendKey: string;
  answer: MonitoringActionData | undefined;
  pending: (intent: MonitoringIntent) => boolean;
}) {
  const dialogUrl = details ? `${SECTION}&processo=${details.id}` : SECTION;
  return (
    <UrlDialog title={details ? `Processo ${details.numero}` : 'Detalhes do processo'} closeTo={SECTION} className="max-w-2xl">
      {error ? <ErrorBox message={error} /> : null}
      <AnswerSummary answer={answer} />
      {details ? (
        <>
          {details.retryMessage ? (
            <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
              {details.retryMessage}
            </p>
          ) : null}
          <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
            <div>
              <dt className={termClass}>Número</dt>
              <dd className="font-mono text-slate-900">{details.numero}</dd>
            </div>
            <div>
              <dt className={termClass}>Status</dt>
              <dd>
                <Badge className={STATUS_LOOK[details.status]}>{MONITORING_STATUS_LABELS[details.status]}</Badge>
              </dd>
            </div>
            <div className="sm:col-span-2">
              <dt className={termClass}>Tribunais</dt>
              <dd className="text-slate-900">{details.tribunalNome}</dd>
            </div>
            <div>
              <dt className={termClass}>Classe</dt>
              <dd className="text-slate-900">{details.classe ?? 'Não informada'}</dd>
            </div>
            <div>
              <dt className={termClass}>Órgão julgador</dt>
              <dd className="text-slate-900">{details.orgaoJulgador ?? 'Não informado'}</dd>
            </div>
            <div className="sm:col-span-2">
              <dt className={termClass}>Assuntos</dt>
              <dd className="text-slate-900">{details.assuntos.length > 0 ? details.assuntos.join('; ') : 'Não informados'}</dd>
            </div>
            <div>
              <dt className={termClass}>Instância</dt>
              <dd className="text-slate-900">{details.grau ?? 'Não informada'}</dd>
            </div>
            <div>
              <dt className={termClass}>Data de ajuizamento</dt>
              <dd className="text-slate-900">{details.dataAjuizamento ?? 'Não informada'}</dd>
            </div>
            <div className="sm:col-span-2">
              <dt className={termClass}>Última movimentação</dt>
              <dd className="text-slate-900">{details.ultimaMovimentacao ? `${details.ultimaMovimentacao.data} — ${details.ultimaMovimentacao.descricao}` : 'Nenhuma ainda'}</dd>
            </div>
            <div className="sm:col-span-2">
              <dt className={termClass}>Partes</dt>
              <dd className="text-slate-900">
                {details.partes.length > 0 ? details.partes.map((parte) => (parte.papel ? `${parte.nome} (${parte.papel})` : parte.nome)).join('; ') : 'Não informadas pela fonte.'}
              </dd>
            </div>
            <div>
              <dt className={termClass}>Frequência</dt>
              <dd className="text-slate-900">{details.frequencia}</dd>
            </div>
            <div>
              <dt className={termClass}>Criado em</dt>
              <dd className="text-slate-900">{details.criadoEm}</dd>
            </div>
            <div>
              <dt className={termClass}>Última verificação</dt>
              <dd className="text-slate-900">{details.ultimaVerificacao}</dd>
            </div>
          </dl>
          <section aria-labelledby="movimentacoes" className="border-t border-slate-200 pt-4">
            <h3 id="movimentacoes" className="font-semibold text-slate-900">
              Movimentações
            </h3>
            {details.movements.length === 0 ? (
              <p className="mt-2 text-sm text-slate-700">Nenhuma movimentação registrada ainda.</p>
            ) : (
              <ol className="mt-3 space-y-3">
                {details.movements.map((m) => (
                  <li key={m.id} className="rounded-md border border-slate-200 p-3">
                    <div className="flex flex-wrap items-center gap-2">
                      <Badge className={TYPE_LOOK[m.tipo]}>{MOVEMENT_TYPE_LABELS[m.tipo].toUpperCase()}</Badge>
                      <span className="text-sm text-slate-700">{m.data}</span>
                    </div>
                    <p className="mt-2 text-sm leading-relaxed text-slate-900">{m.descricao}</p>
                  </li>
                ))}
              </ol>
            )}
          </section>
        </>
      ) : null}
      <div className="flex flex-col gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:flex-wrap sm:justify-end">
        {details ? (
          <>
            {/* Posted from the dialog's own URL: a refusal comes back with the dialog open, its summary in it. */}
            <Form method="post" action={dialogUrl}>
              <input type="hidden" name="intent" value="atualizar-monitoramento" />
              <input type="hidden" name="monitoringId" value={details.id} />
              <button type="submit" disabled={pending('atualizar-monitoramento')} className={`${secondaryButton} w-full disabled:opacity-70 sm:w-auto`}>
                <RefreshCw aria-hidden="true" className={`size-4 ${pending('atualizar-monitoramento') ? 'animate-spin' : ''}`} />
                {pending('atualizar-monitoramento') ? 'Atualizando...' : 'Atualizar'}
              </button>
            </Form>
            <Form method="post" action={dialogUrl}>
              <input type="hidden" name="intent" value="testar-notificacao-processo" />
              <input type="hidden" name="monitoringId" value={details.id} />
              <input type="hidden" name="envio" value={sendKey} />
              <button type="submit" disabled={pending('testar-notificacao-processo')} className={`${secondaryButton} w-full disabled:opacity-70 sm:w-auto`}>
                <Send aria-hidden="true" className="size-4" />
                {pending('testar-notificacao-processo') ? 'Enviando...' : 'Testar notificação WhatsApp'}
              </button>
            </Form>
          </>
        ) : null}
        <Link to={SECTION} replace preventScrollReset className={`${primaryButton} w-full sm:w-auto`}>
          Fechar
        </Link>
      </div>
    </UrlDialog>
  );
}
