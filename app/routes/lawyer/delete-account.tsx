import { ArrowLeft, FileDown, TriangleAlert } from 'lucide-react';
import { Form, Link, redirectDocument, useNavigation } from 'react-router';
import { requireUser } from '~/auth/session.server';
import { TextField } from '~/components/ui/text-field';
import { appErrorOrThrow, formError } from '~/lib/app-error';
import { flashToastCookie } from '~/lib/flash-toast.server';
import { parseForm } from '~/lib/parse-form.server';
import { pageMeta } from '~/lib/seo';
import { deleteLawyerAccount } from '~/modules/accounts/account-deletion.server';
import { ACCOUNT_DELETED_TOAST, DELETE_CONFIRMATION_WORD, deleteAccountSchema } from '~/modules/accounts/account-deletion.schemas';
import { clearSessionCookies } from '~/modules/accounts/login.server';
import type { Route } from './+types/delete-account';
import { secondaryButton } from './components/area-styles';
import { ErrorSummary } from '~/components/forms/error-summary';

/**
 * 'Excluir minha conta' (docs/product-rules.md, "Your data (LGPD)"): what goes and what stays, and a
 * typed confirmation. The account is always the session's own; a superadmin's is not deleted here.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { email: user.email, superadmin: user.isSuperadmin };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await parseForm(request, deleteAccountSchema, { echo: { confirmacao: 20 } });
  if (!form.ok) return formError(form);
  try {
    await deleteLawyerAccount(user.id, { by: 'self' });
  } catch (error) {
    return formError(form, appErrorOrThrow(error));
  }
  // The sessions are gone with the account; the browser's cookies go too.
  const headers = new Headers();
  for (const cookie of await clearSessionCookies()) headers.append('Set-Cookie', cookie);
  headers.append('Set-Cookie', flashToastCookie(ACCOUNT_DELETED_TOAST));
  // A document load of the home page (rendered on the server only), not a client navigation: the router
  // would also fetch the root's data for '/', and that answer clears the toast's cookie, at times before
  // the browser asked for the document that shows it.
  throw redirectDocument('/', { headers });
}

// Personal data: never kept by a shared cache or shown again from the browser's cache.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: matches[0]?.loaderData.site,
    title: 'Excluir minha conta',
    description: 'Exclua sua conta de advogado e seus dados da plataforma.',
    path: '/area-advogado/excluir-conta',
    noindex: true,
  });

const listClass = 'mt-3 list-disc space-y-2 pl-5 text-slate-800';

/** The form's fields in their order, as the error summary names them. */
const DELETE_FIELDS = [
  ['confirmacao', 'Confirmação'],
] as const;

export default function DeleteAccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const deleting = navigation.state === 'submitting' && navigation.formAction === '/area-advogado/excluir-conta';
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <Link to="/area-advogado?section=perfil" className="inline-flex items-center gap-2 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" />
        Voltar para o perfil
      </Link>
      <h1 className="mt-4 text-3xl font-bold text-slate-900">Excluir minha conta</h1>

      {loaderData.superadmin ? (
        <p className="mt-6 rounded-xl border border-slate-200 bg-white p-6 text-slate-800 shadow-sm">
          Contas de superadministrador não podem ser excluídas por aqui.
        </p>
      ) : (
        <div className="mt-6 space-y-6">
          <p className="flex gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <span>
              A exclusão é <strong>definitiva</strong>: sua conta e seus dados são apagados na hora e não podem ser recuperados.
            </span>
          </p>

          <section aria-labelledby="o-que-sai" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 id="o-que-sai" className="text-lg font-semibold text-slate-900">
              O que será excluído
            </h2>
            <ul className={listClass}>
              <li>Seu perfil público e sua foto: você deixa de aparecer na busca imediatamente.</li>
              <li>Suas áreas de atuação, cidades atendidas e seu plano.</li>
              <li>Suas etapas do CRM, seus tokens de mensagens e os processos monitorados, com as movimentações.</li>
              <li>As estatísticas de acessos ao perfil e de cliques no WhatsApp.</li>
              <li>As mensagens que a plataforma enviou para você.</li>
              <li>Seu acesso: email, senha e todas as sessões abertas, em todos os aparelhos.</li>
            </ul>
          </section>

          <section aria-labelledby="o-que-fica" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 id="o-que-fica" className="text-lg font-semibold text-slate-900">
              O que continua na plataforma
            </h2>
            <ul className={listClass}>
              <li>
                Os pedidos de atendimento que clientes enviaram e que chegaram até você: eles são dos clientes e continuam na plataforma, sem advogado atribuído e sem as
                etapas do seu CRM.
              </li>
              <li>Os registros de auditoria da análise do seu cadastro e desta exclusão: datas, decisões e o código interno da conta (o da exclusão não guarda seu nome, email ou OAB).</li>
              <li>
                O email que confirma a exclusão, enviado para <strong className="break-all">{loaderData.email}</strong>.
              </li>
            </ul>
          </section>

          <p className="flex flex-wrap items-center gap-3 text-slate-800">
            Quer guardar uma cópia antes?
            {/* A document request: the answer is a file download, not a page. */}
            <a href="/area-advogado/meus-dados" className={secondaryButton}>
              <FileDown aria-hidden="true" className="size-4" />
              Baixar meus dados
            </a>
          </p>

          <Form method="post" className="space-y-5 rounded-xl border border-red-200 bg-white p-6 shadow-sm" noValidate>
            <ErrorSummary errors={errors} message={actionData?.message} fields={DELETE_FIELDS} answer={actionData} />
            <TextField
              name="confirmacao"
              label={`Para confirmar, digite ${DELETE_CONFIRMATION_WORD}`}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              required
              maxLength={20}
              defaultValue={actionData?.values.confirmacao}
              error={errors.confirmacao}
            />
            <div className="flex flex-col gap-3 sm:flex-row">
              <button
                type="submit"
                disabled={deleting}
                className="inline-flex items-center justify-center rounded-md bg-red-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-80"
              >
                {deleting ? 'Excluindo...' : 'Excluir minha conta definitivamente'}
              </button>
              <Link to="/area-advogado?section=perfil" className={secondaryButton}>
                Cancelar
              </Link>
            </div>
          </Form>
        </div>
      )}
    </div>
  );
}
