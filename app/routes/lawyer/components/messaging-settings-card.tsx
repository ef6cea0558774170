import { KeyRound, MessageCircle, Send, ShieldCheck, Trash2 } from 'lucide-react';
import { Form, Link, useNavigation } from 'react-router';
import { ErrorSummary, refusalForSummary } from '~/components/forms/error-summary';
import { TextField } from '~/components/ui/text-field';
import type { WriteRefusal } from '~/lib/write-answer';
import { formatPhone } from '~/domain/phone';
import { onPhoneInput } from '~/components/ui/phone-field';
import { PHONE_INPUT_ATTRIBUTES } from '~/components/ui/phone-mask';
import { GATEWAY_TOKEN_MAX_LENGTH, MESSAGING_TEXTS, NOTIFICATION_NUMBER_MAX_LENGTH, type MessagingIntent } from '~/modules/messaging/messaging.texts';
import type { MessagingSettings, NotificationDelivery } from '~/modules/messaging/messaging-settings.server';
import { primaryButton, secondaryButton } from './area-styles';

/** The action's answer when a form of the card did not go through. */
export type MessagingActionData = WriteRefusal<'notificacoes', MessagingIntent>;

const FORM_ACTION = '/area-advogado?section=monitoramento';

const DELIVERY_TEXTS: Record<NotificationDelivery, string> = {
  wiizochat: 'As notificações saem do seu próprio número, pelo WiizoChat.',
  'cloud-api': 'As notificações saem pelo WhatsApp da plataforma.',
  'aguardando-token': 'Salve o token do WiizoChat para receber as notificações.',
  indisponivel: 'O envio por WhatsApp ainda não está ativo na plataforma: as notificações ficam registradas até lá.',
};

/**
 * What the WiizoChat token is, in the lawyer's words, and what happens without it on this server: the
 * platform's own number when it has one (the token is then optional), else nothing until one is saved.
 * No provider's internal name: WiizoChat is named because the lawyer signs up there for the token.
 */
function tokenHelp(senders: MessagingSettings['senders']): string {
  // The label says it is optional; this says what it is and what happens without it.
  const what = 'O WiizoChat é um serviço à parte que envia mensagens de WhatsApp pelo seu próprio número; o token é a chave da sua conta lá.';
  if (senders.wiizoChat && senders.platform) return `${what} Com ele, as notificações saem do seu número; sem ele, saem do WhatsApp da plataforma.`;
  if (senders.wiizoChat) return `${what} Com ele, as notificações saem do seu número; sem ele, ficam registradas até você salvar um.`;
  if (senders.platform) return `${what} O envio pelo WiizoChat não está ativo no momento: as notificações saem do WhatsApp da plataforma.`;
  return what;
}

/** The settings form's fields in their order, as its error summary names them. */
const SETTINGS_FIELDS = [
  ['numero', 'Número do WhatsApp para notificações'],
  ['token', 'Token do WiizoChat (opcional)'],
] as const;

const removeButton =
  'inline-flex items-center justify-center gap-2 rounded-md border border-red-700 px-5 py-2.5 text-sm font-semibold text-red-800 hover:bg-red-50 disabled:opacity-70';

/**
 * The messaging settings card (docs/product-rules.md, Messaging): the notification number, the WiizoChat token (written,
 * never read back: the page only learns 'configurado'), its removal and a test send. Plain forms: they
 * work without JavaScript; with it, the button says what is happening.
 */
export function MessagingSettingsCard({ settings, sendKey, actionData }: { settings: MessagingSettings; sendKey: string; actionData: MessagingActionData | undefined }) {
  const navigation = useNavigation();
  const pending = (intent: MessagingIntent) => navigation.state !== 'idle' && navigation.formData?.get('intent') === intent;
  const answer = (intent: MessagingIntent) => (actionData?.intent === intent ? actionData : undefined);
  const saveAnswer = answer('salvar-notificacoes');
  const otherAnswer = answer('remover-token') ?? answer('testar-notificacao') ?? (actionData && !saveAnswer ? actionData : undefined);
  const tokenSaved = settings.token === 'configurado';
  const saveSummary = refusalForSummary(saveAnswer, SETTINGS_FIELDS);
  const otherSummary = refusalForSummary(otherAnswer, []);

  return (
    <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h3 id="titulo-notificacoes" className="flex items-center gap-2 text-xl font-bold text-slate-900">
        <MessageCircle aria-hidden="true" className="size-6 text-brand-700" />
        Notificações por WhatsApp
      </h3>
      <p className="mt-2 text-slate-700">Receba no WhatsApp cada novo lead e cada nova movimentação dos seus processos monitorados.</p>
      <p className="mt-1 text-sm text-slate-600">{MESSAGING_TEXTS.emailForEveryLead}</p>

      {settings.loadError ? (
        <p role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {settings.loadError}
        </p>
      ) : null}

      {!settings.allowed ? (
        <div className="mt-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-slate-900">
          <p>{MESSAGING_TEXTS.notInPlan}</p>
          <Link to="/area-advogado?section=financeiro" className={`${primaryButton} mt-3`}>
            Atualizar plano
          </Link>
        </div>
      ) : (
        // Keyed by the render's send key, which the loader renews after every saved change: the fields
        // then show what was stored (the token field empty again), while a refused post keeps what was typed.
        <Form key={sendKey} method="post" action={FORM_ACTION} className="mt-6 space-y-5" noValidate>
          <input type="hidden" name="intent" value="salvar-notificacoes" />
          <ErrorSummary errors={saveSummary.errors} message={saveSummary.message} fields={SETTINGS_FIELDS} answer={saveAnswer} />
          <div className="grid gap-5 md:grid-cols-2">
            <div>
              <TextField
                name="numero"
                label="Número do WhatsApp para notificações"
                {...PHONE_INPUT_ATTRIBUTES}
                onInput={onPhoneInput}
                required
                maxLength={NOTIFICATION_NUMBER_MAX_LENGTH}
                defaultValue={saveAnswer?.values.numero ?? (settings.notificationNumber ? formatPhone(settings.notificationNumber) : '')}
                error={saveAnswer?.errors.numero}
                aria-describedby={saveAnswer?.errors.numero ? 'numero-erro' : 'numero-dica'}
              />
              {saveAnswer?.errors.numero ? null : (
                <p id="numero-dica" className="mt-1 text-sm text-slate-600">
                  Com DDD; o código do país (55) é opcional.
                </p>
              )}
            </div>
            <div>
              <TextField
                name="token"
                label="Token do WiizoChat (opcional)"
                type="password"
                autoComplete="off"
                spellCheck={false}
                maxLength={GATEWAY_TOKEN_MAX_LENGTH}
                placeholder={tokenSaved ? 'Vazio mantém o token salvo' : 'Cole aqui o seu token'}
                error={saveAnswer?.errors.token}
                aria-describedby={saveAnswer?.errors.token ? 'token-erro token-ajuda' : 'token-situacao token-ajuda'}
              />
              <p id="token-ajuda" className="mt-1 text-sm text-slate-600">
                {tokenHelp(settings.senders)}
              </p>
              <p id="token-situacao" className="mt-1 flex items-center gap-1.5 text-sm text-slate-700">
                {tokenSaved ? <ShieldCheck aria-hidden="true" className="size-4 text-green-700" /> : <KeyRound aria-hidden="true" className="size-4 text-slate-500" />}
                Token: <strong className={tokenSaved ? 'text-green-800' : 'text-slate-800'}>{tokenSaved ? 'configurado' : 'não configurado'}</strong>
              </p>
            </div>
          </div>
          <p className="text-sm text-slate-600">O token é guardado criptografado e nunca é exibido de novo.</p>
          <button type="submit" disabled={pending('salvar-notificacoes')} className={`${primaryButton} w-full disabled:opacity-80 sm:w-auto`}>
            {pending('salvar-notificacoes') ? 'Salvando...' : 'Salvar configurações'}
          </button>
        </Form>
      )}

      {/* The test send's and the token removal's refusal, above their buttons; it takes the focus. */}
      <ErrorSummary message={otherSummary.message} fields={[]} answer={otherAnswer} className="mt-6" />

      {settings.allowed || tokenSaved ? (
        <div className="mt-6 flex flex-col gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:flex-wrap sm:items-center">
          {settings.allowed ? (
            <Form method="post" action={FORM_ACTION}>
              <input type="hidden" name="intent" value="testar-notificacao" />
              <input type="hidden" name="envio" value={sendKey} />
              <button type="submit" disabled={pending('testar-notificacao')} className={`${secondaryButton} w-full disabled:opacity-70 sm:w-auto`}>
                <Send aria-hidden="true" className="size-4" />
                {pending('testar-notificacao') ? 'Enviando...' : 'Enviar mensagem de teste'}
              </button>
            </Form>
          ) : null}
          {tokenSaved ? (
            <Form method="post" action={FORM_ACTION}>
              <input type="hidden" name="intent" value="remover-token" />
              <button type="submit" disabled={pending('remover-token')} className={`${removeButton} w-full sm:w-auto`}>
                <Trash2 aria-hidden="true" className="size-4" />
                {pending('remover-token') ? 'Removendo...' : 'Remover token'}
              </button>
            </Form>
          ) : null}
          {settings.allowed ? <p className="text-sm text-slate-700 sm:flex-1 sm:text-right">{DELIVERY_TEXTS[settings.delivery]}</p> : null}
        </div>
      ) : null}
    </div>
  );
}
