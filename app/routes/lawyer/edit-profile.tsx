import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { getCurrentUser, type CurrentUser } from '~/auth/session.server';
import { BiographyField } from '~/components/forms/biography-field';
import { CheckboxList } from '~/components/forms/checkbox-list';
import { formLegendClass, formSectionClass } from '~/components/forms/form-styles';
import { PhoneField } from '~/components/ui/phone-field';
import { TextField } from '~/components/ui/text-field';
import { AppError } from '~/lib/app-error';
import { pageMeta } from '~/lib/seo';
import { doorIntents, passDoor, writeDoor } from '~/lib/write-door.server';
import { CITIES_BY_LABEL, PRACTICE_AREAS_BY_LABEL, type LawyerStatus } from '~/domain/catalog/catalog';
import { formatPhone } from '~/domain/phone';
import { PhotoField } from '~/modules/lawyers/components/photo-field';
import { PRACTICE_DETAIL_FIELDS, PracticeDetailsFields, type PracticeDetailsValues } from '~/modules/lawyers/components/practice-details-fields';
import { PROFILE_DETAIL_LIMITS } from '~/domain/catalog/profile-details';
import { afterProfileSaved, getEditableProfile, openProfileEditing, PROFILE_UPDATED_MESSAGE, updateOwnLawyerProfile, type ProfileEditor } from '~/modules/lawyers/own-profile.server';
import { PROFILE_EDIT_LIMITS, profileEditSchema } from '~/modules/lawyers/profile-edit.schemas';
import type { Route } from './+types/edit-profile';
import { primaryButton, secondaryButton } from './components/area-styles';
import { rejectedLawyerRedirect } from './rejected-lawyer.server';
import { ErrorSummary } from '~/components/forms/error-summary';

// /editar-perfil: who may edit what is in docs/product-rules.md, "Editing a profile".

const NOT_SIGNED_IN_MESSAGE = 'Usuário não autenticado';

/**
 * The profile editing's gate (openProfileEditing) as this page answers it: a rejected lawyer is signed
 * out and sent to /login, anyone without a profile where they belong. `status` is the profile's, as
 * the session or the database read it.
 */
async function openEditing(user: CurrentUser, status: LawyerStatus | null, request: Request) {
  try {
    return await openProfileEditing({ ...user, lawyer: status ? { status } : null });
  } catch (error) {
    if (error instanceof AppError && error.code === 'lawyer_rejected') throw await rejectedLawyerRedirect(request, status === 'suspended' ? 'suspended' : 'rejected');
    if (error instanceof AppError && error.code === 'no_lawyer_profile') throw redirect(user.isSuperadmin ? '/area-advogado' : '/completar-perfil');
    throw error;
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  // The spec's page for a visitor: a message and a login button (401), not a redirect.
  if (!user) return data({ state: 'signed-out' as const }, { status: 401 });
  const profile = await getEditableProfile(user.id);
  // Refused (a redirect) without a profile: past it, there is one.
  await openEditing(user, profile?.status ?? null, request);
  return { state: 'editing' as const, profile: profile! };
}

/** /editar-perfil's one form, through the write door: the user only ever comes from the session (there is no lawyer id in the form). */
const profileDoor = writeDoor({
  name: 'perfil',
  scope: 'lawyer-area',
  open: async (user: CurrentUser | null, request) => {
    if (!user) throw new AppError(NOT_SIGNED_IN_MESSAGE, { status: 401, code: 'not_signed_in' });
    return openEditing(user, user.lawyer?.status ?? null, request);
  },
  back: '/area-advogado?section=perfil',
  unknownIntent: { message: 'Ação desconhecida' },
  soleIntent: 'salvar',
  intents: {
    salvar: doorIntents<ProfileEditor>()({
      schema: profileEditSchema,
      echo: {
        nome: PROFILE_EDIT_LIMITS.nome.max,
        whatsapp: 40,
        whatsappNotificacoes: 40,
        biografia: PROFILE_EDIT_LIMITS.biografia.max,
        titulo: 20,
        primeiraInscricaoAno: 10,
        formacao: PROFILE_DETAIL_LIMITS.formacao,
        atendeOnline: 5,
        escritorioBairro: PROFILE_DETAIL_LIMITS.escritorioBairro,
        escritorioCidade: 60,
      },
      lists: { areasAtuacao: 20, cidadesAtendidas: 60, idiomas: 10 },
      run: async (editor, { foto, ...input }) => {
        const saved = await updateOwnLawyerProfile(editor, input, foto ? new Uint8Array(await foto.arrayBuffer()) : undefined);
        // A pending lawyer's area is the under-review page: go there at once.
        return { message: PROFILE_UPDATED_MESSAGE, redirectTo: afterProfileSaved(editor, saved) };
      },
    }),
  },
});

export async function action({ request }: Route.ActionArgs) {
  return passDoor(profileDoor, request, await getCurrentUser(request), 'page');
}

// Personal data: never kept by a shared cache or shown again from the browser's cache after logout.
// A refused save (429) also tells the browser when to try again.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers({ 'Cache-Control': 'private, no-store' });
  const retryAfter = actionHeaders.get('Retry-After');
  if (retryAfter) headers.set('Retry-After', retryAfter);
  return headers;
};

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ site: matches[0]?.loaderData.site, title: 'Editar Perfil', description: 'Edite os dados do seu perfil de advogado.', path: '/editar-perfil', noindex: true });

/** The form's fields in their order, as the error summary names them. */
const PROFILE_FIELDS = [
  ['nome', 'Nome completo'],
  ['whatsapp', 'WhatsApp'],
  ['whatsappNotificacoes', 'WhatsApp para notificações'],
  ['foto', 'Foto de perfil'],
  ['biografia', 'Biografia'],
  ...PRACTICE_DETAIL_FIELDS,
  ['areasAtuacao', 'Áreas de Atuação'],
  ['cidadesAtendidas', 'Cidades Atendidas'],
] as const;

export default function EditProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  if (loaderData.state === 'signed-out') return <SignedOut />;

  const { profile } = loaderData;
  const submitting = navigation.state === 'submitting' && navigation.formAction === '/editar-perfil';
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const sent: Partial<Record<string, string | string[]>> | undefined = actionData?.values;
  // After a refused submission the form shows what was sent; before, the saved profile.
  const text = (name: 'nome' | 'whatsapp' | 'whatsappNotificacoes' | 'biografia') => {
    const value = sent?.[name];
    if (typeof value === 'string') return value;
    const saved = profile[name] ?? '';
    return name === 'whatsapp' || name === 'whatsappNotificacoes' ? formatPhone(saved) : saved;
  };
  const list = (name: 'areasAtuacao' | 'cidadesAtendidas' | 'idiomas', saved: string[]) => {
    const value = sent?.[name];
    return new Set(Array.isArray(value) ? value : saved);
  };
  const sentText = (name: string) => (typeof sent?.[name] === 'string' ? (sent[name] as string) : undefined);
  const details: PracticeDetailsValues = {
    titulo: sentText('titulo') ?? profile.titulo ?? 'advogado',
    primeiraInscricaoAno: sentText('primeiraInscricaoAno') ?? (profile.primeiraInscricaoAno === null ? '' : String(profile.primeiraInscricaoAno)),
    formacao: sentText('formacao') ?? profile.formacao ?? '',
    idiomas: list('idiomas', profile.idiomas),
    // A refused submission sent the box only when it was ticked.
    atendeOnline: sent ? sentText('atendeOnline') === 'on' : profile.atendeOnline,
    escritorioBairro: sentText('escritorioBairro') ?? profile.escritorioBairro ?? '',
    escritorioCidade: sentText('escritorioCidade') ?? profile.escritorioCidade ?? '',
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">Editar Perfil</h1>
      <p className="mt-2 text-slate-700">Mantenha seus dados atualizados: é isso que os clientes veem no seu perfil público.</p>

      <Form method="post" encType="multipart/form-data" className="mt-8 space-y-6" noValidate aria-label="Editar Perfil">
        <ErrorSummary errors={errors} message={actionData?.message} fields={PROFILE_FIELDS} answer={actionData} />

        <fieldset className={formSectionClass}>
          <legend className={formLegendClass}>Foto de Perfil</legend>
          <PhotoField nome={profile.nome} currentUrl={profile.fotoUrl} error={errors.foto} />
        </fieldset>

        <fieldset className={formSectionClass}>
          <legend className={formLegendClass}>Dados Básicos</legend>
          <TextField name="nome" label="Nome completo" autoComplete="name" required maxLength={PROFILE_EDIT_LIMITS.nome.max} defaultValue={text('nome')} error={errors.nome} />
          <PhoneField
            name="whatsapp"
            label="WhatsApp (com DDD)"
            required
            hint="Este é o número exibido para os clientes no seu perfil."
            defaultValue={text('whatsapp')}
            error={errors.whatsapp}
          />
          <PhoneField
            name="whatsappNotificacoes"
            label="WhatsApp para notificações (opcional)"
            autoComplete="off"
            hint="Recebe os avisos de novos leads. Deixe em branco para não receber avisos por WhatsApp."
            defaultValue={text('whatsappNotificacoes')}
            error={errors.whatsappNotificacoes}
          />
        </fieldset>

        <fieldset className={formSectionClass}>
          <legend className={formLegendClass}>Biografia Profissional</legend>
          <BiographyField min={PROFILE_EDIT_LIMITS.biografia.min} max={PROFILE_EDIT_LIMITS.biografia.max} defaultValue={text('biografia')} error={errors.biografia} />
        </fieldset>

        <PracticeDetailsFields values={details} errors={errors} />

        <CheckboxList legend="Áreas de Atuação" name="areasAtuacao" options={PRACTICE_AREAS_BY_LABEL} chosen={list('areasAtuacao', profile.areas)} error={errors.areasAtuacao} />
        <CheckboxList legend="Cidades Atendidas" name="cidadesAtendidas" options={CITIES_BY_LABEL} chosen={list('cidadesAtendidas', profile.cidades)} error={errors.cidadesAtendidas} />

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Link to="/area-advogado" className={secondaryButton}>
            Cancelar
          </Link>
          <button type="submit" disabled={submitting} className={`${primaryButton} disabled:opacity-80`}>
            {submitting ? 'Salvando...' : 'Salvar Alterações'}
          </button>
        </div>
      </Form>
    </div>
  );
}

function SignedOut() {
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">Editar Perfil</h1>
        <p className="mt-3 text-slate-700">{NOT_SIGNED_IN_MESSAGE}. Faça login para editar seu perfil.</p>
        <Link to="/login" className={`${primaryButton} mt-6`}>
          Fazer Login
        </Link>
      </div>
    </div>
  );
}

/** The profile could not be loaded (not a missing profile: that one goes to /completar-perfil). */
export function ErrorBoundary() {
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <div role="alert" className="rounded-2xl border border-red-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">Editar Perfil</h1>
        <p className="mt-3 text-slate-800">Erro ao carregar dados do perfil</p>
        <a href="/editar-perfil" className={`${primaryButton} mt-6`}>
          Tentar Novamente
        </a>
      </div>
    </div>
  );
}
