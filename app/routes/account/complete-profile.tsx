import { Form, redirect, useNavigation } from 'react-router';
import { getCurrentUser, requireUser } from '~/auth/session.server';
import { BiographyField } from '~/components/forms/biography-field';
import { CheckboxList } from '~/components/forms/checkbox-list';
import { formLegendClass, formSectionClass } from '~/components/forms/form-styles';
import { PHONE_INPUT_MAX_LENGTH } from '~/domain/phone';
import { PhoneField } from '~/components/ui/phone-field';
import { TextField } from '~/components/ui/text-field';
import { appErrorOrThrow, formError } from '~/lib/app-error';
import { flashToastCookie } from '~/lib/flash-toast.server';
import { parseForm } from '~/lib/parse-form.server';
import { pageMeta } from '~/lib/seo';
import { completeLawyerProfile, PROFILE_EXISTS_CODE, PROFILE_SUBMITTED_MESSAGE } from '~/modules/accounts/complete-profile.server';
import { completeProfileSchema } from '~/modules/accounts/complete-profile.schemas';
import { OabFields } from '~/modules/accounts/components/oab-fields';
import { REGISTRATION_LIMITS } from '~/modules/accounts/accounts.limits';
import { CITIES_BY_LABEL, PRACTICE_AREAS_BY_LABEL } from '~/domain/catalog/catalog';
import { PhotoField } from '~/modules/lawyers/components/photo-field';
import type { Route } from './+types/complete-profile';
import { ErrorSummary } from '~/components/forms/error-summary';

// /completar-perfil is for a signed-in user without a lawyer profile (docs/product-rules.md,
// "Completing a profile"): a visitor goes to /login, anyone with a profile (or a superadmin) to the area.

/** Where the user goes instead of this page, or null when the page is theirs. */
function elsewhere(user: { lawyer: unknown; isSuperadmin: boolean } | null): string | null {
  if (!user) return '/login';
  if (user.lawyer || user.isSuperadmin) return '/area-advogado';
  return null;
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const next = elsewhere(user);
  if (next) throw redirect(next);
  return { nome: user.name };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await getCurrentUser(request);
  const next = elsewhere(user);
  if (next || !user) throw redirect(next ?? '/login');
  const form = await parseForm(request, completeProfileSchema, {
    echo: { nome: REGISTRATION_LIMITS.nome.max, numeroOAB: 20, oabUf: 4, whatsapp: PHONE_INPUT_MAX_LENGTH, biografia: REGISTRATION_LIMITS.biografia.max },
    lists: { areasAtuacao: 20, cidadesAtendidas: 60 },
  });
  if (!form.ok) return formError(form);

  const { foto, ...input } = form.data;
  let created;
  try {
    created = await completeLawyerProfile({ id: user.id, email: user.email }, input, foto ? new Uint8Array(await foto.arrayBuffer()) : undefined);
  } catch (error) {
    const refused = appErrorOrThrow(error);
    // Finished meanwhile in another tab: the area takes over.
    if (refused.code === PROFILE_EXISTS_CODE) throw redirect('/area-advogado');
    return formError(form, refused);
  }
  // AUTO_APPROVE_LAWYERS: nothing to wait for.
  if (created.status === 'approved') throw redirect('/area-advogado', { headers: { 'Set-Cookie': flashToastCookie('Cadastro concluído!') } });
  throw redirect('/perfil-em-analise', { headers: { 'Set-Cookie': flashToastCookie(PROFILE_SUBMITTED_MESSAGE) } });
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: matches[0]?.loaderData.site,
    title: 'Complete seu Perfil',
    description: 'Complete seu perfil de advogado e envie para aprovação.',
    path: '/completar-perfil',
    noindex: true,
  });

/** The form's fields in their order, as the error summary names them. */
const PROFILE_FIELDS = [
  ['nome', 'Nome completo'],
  ['numeroOAB', 'Número da OAB'],
  ['oabUf', 'Seccional (UF)'],
  ['whatsapp', 'WhatsApp'],
  ['foto', 'Foto de perfil'],
  ['biografia', 'Biografia'],
  ['areasAtuacao', 'Áreas de Atuação'],
  ['cidadesAtendidas', 'Cidades Atendidas'],
] as const;

export default function CompleteProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === 'submitting' && navigation.formAction === '/completar-perfil';
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const values: Partial<Record<string, string | string[]>> = actionData?.values ?? {};
  const text = (name: string) => {
    const value = values[name];
    return typeof value === 'string' ? value : undefined;
  };
  const list = (name: string) => {
    const value = values[name];
    return new Set(Array.isArray(value) ? value : []);
  };
  const nome = text('nome') ?? loaderData.nome;

  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">Complete seu Perfil</h1>
      <p className="mt-2 text-slate-700">Preencha seus dados profissionais. Depois da verificação da OAB, seu perfil aparece para clientes da sua região.</p>

      <Form method="post" encType="multipart/form-data" className="mt-8 space-y-6" noValidate aria-label="Complete seu Perfil">
        <ErrorSummary errors={errors} message={actionData?.message} fields={PROFILE_FIELDS} answer={actionData} />

        <fieldset className={formSectionClass}>
          <legend className={formLegendClass}>Dados Básicos</legend>
          <TextField name="nome" label="Nome completo" autoComplete="name" required maxLength={REGISTRATION_LIMITS.nome.max} defaultValue={nome} error={errors.nome} />
          <OabFields numero={text('numeroOAB')} uf={text('oabUf')} errors={errors} />
          <PhoneField
            name="whatsapp"
            label="WhatsApp (com DDD)"
            required
            hint="Este é o número exibido para os clientes no seu perfil."
            defaultValue={text('whatsapp')}
            error={errors.whatsapp}
          />
        </fieldset>

        <fieldset className={formSectionClass}>
          <legend className={formLegendClass}>Foto de Perfil (opcional)</legend>
          <PhotoField nome={nome} currentUrl={null} error={errors.foto} />
        </fieldset>

        <fieldset className={formSectionClass}>
          <legend className={formLegendClass}>Biografia Profissional</legend>
          <BiographyField min={REGISTRATION_LIMITS.biografia.min} max={REGISTRATION_LIMITS.biografia.max} defaultValue={text('biografia')} error={errors.biografia} />
        </fieldset>

        <CheckboxList legend="Áreas de Atuação" name="areasAtuacao" options={PRACTICE_AREAS_BY_LABEL} chosen={list('areasAtuacao')} error={errors.areasAtuacao} />
        <CheckboxList legend="Cidades Atendidas" name="cidadesAtendidas" options={CITIES_BY_LABEL} chosen={list('cidadesAtendidas')} error={errors.cidadesAtendidas} />

        <p className="text-sm text-slate-700">
          Seu perfil começa no <strong>Plano Gratuito</strong> e fica visível para clientes depois da aprovação.
        </p>
        <button type="submit" disabled={submitting} className="w-full rounded-md bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-80 sm:w-auto sm:px-8">
          {submitting ? 'Enviando...' : 'Enviar para Aprovação'}
        </button>
      </Form>
    </div>
  );
}
