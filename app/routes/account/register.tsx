import { Form, Link, redirect, useNavigation } from 'react-router';
import { CLIENT_IP_HEADER } from '~/auth/auth.server';
import { getCurrentUser } from '~/auth/session.server';
import { BiographyField } from '~/components/forms/biography-field';
import { CheckboxList } from '~/components/forms/checkbox-list';
import { formLegendClass, formSectionClass } from '~/components/forms/form-styles';
import { PHONE_INPUT_MAX_LENGTH } from '~/domain/phone';
import { PhoneField } from '~/components/ui/phone-field';
import { ErrorSummary } from '~/components/forms/error-summary';
import { TextField } from '~/components/ui/text-field';
import { flashToastCookie } from '~/lib/flash-toast.server';
import { pageMeta } from '~/lib/seo';
import { appErrorOrThrow, formError, keepRetryAfter } from '~/lib/app-error';
import { parseForm } from '~/lib/parse-form.server';
import { EMAIL_MAX_LENGTH } from '~/modules/accounts/accounts.limits';
import { OabFields } from '~/modules/accounts/components/oab-fields';
import { REGISTRATION_DONE_MESSAGE, registerLawyer } from '~/modules/accounts/registration.server';
import { REGISTRATION_LIMITS } from '~/modules/accounts/accounts.limits';
import { registrationSchema } from '~/modules/accounts/registration.schemas';
import { registrationEmailCookie } from '~/modules/accounts/registration-cookie.server';
import { CITIES_BY_LABEL, PLANS, planFromQuery, PRACTICE_AREAS_BY_LABEL } from '~/domain/catalog/catalog';
import type { Route } from './+types/register';

export async function loader({ request }: Route.LoaderArgs) {
  if (await getCurrentUser(request)) throw redirect('/area-advogado');
  return { plan: planFromQuery(new URL(request.url).searchParams.get('plano')) };
}

export async function action({ request }: Route.ActionArgs) {
  // Every text field but the passwords is shown again, capped; the checkbox lists come back as arrays.
  const form = await parseForm(request, registrationSchema, {
    echo: { nome: 200, email: EMAIL_MAX_LENGTH, numeroOAB: 20, oabUf: 4, whatsapp: PHONE_INPUT_MAX_LENGTH, biografia: REGISTRATION_LIMITS.biografia.max, selectedPlan: 20 },
    lists: { areasAtuacao: 20, cidadesAtendidas: 60 },
  });
  if (!form.ok) return formError(form);
  let registered;
  try {
    registered = await registerLawyer(form.data, request.headers.get(CLIENT_IP_HEADER) ?? 'unknown');
  } catch (error) {
    // A taken address is also pointed out beside the e-mail field (the error names it).
    return formError(form, appErrorOrThrow(error));
  }
  const headers = new Headers();
  headers.append('Set-Cookie', flashToastCookie(REGISTRATION_DONE_MESSAGE));
  headers.append('Set-Cookie', registrationEmailCookie(registered.email));
  throw redirect('/verificar-email', { headers });
}

// A blocked registration (429) tells the browser when to try again.
export const headers: Route.HeadersFunction = keepRetryAfter;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: matches[0]?.loaderData.site,
    title: 'Cadastre-se como Advogado',
    description: 'Crie seu perfil verificado e receba clientes de todo o Brasil.',
    path: '/registro-advogado',
  });

/** The form's fields in their order, as the error summary names them. */
const REGISTRATION_FIELDS = [
  ['nome', 'Nome completo'],
  ['email', 'Email'],
  ['numeroOAB', 'Número da OAB'],
  ['oabUf', 'Seccional (UF)'],
  ['whatsapp', 'WhatsApp'],
  ['password', 'Senha'],
  ['confirmarSenha', 'Confirme a senha'],
  ['biografia', 'Biografia'],
  ['areasAtuacao', 'Áreas de Atuação'],
  ['cidadesAtendidas', 'Cidades Atendidas'],
] as const;

export default function RegisterPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === 'submitting' && navigation.formAction === '/registro-advogado';
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const values: Partial<Record<string, string | string[]>> = actionData?.values ?? {};
  const text = (name: string) => {
    const value = values[name];
    return typeof value === 'string' ? value : undefined;
  };
  const list = (name: string) => {
    const value = values[name];
    return Array.isArray(value) ? value : [];
  };
  const plan = planFromQuery(text('selectedPlan') ?? loaderData.plan);
  const chosenAreas = new Set(list('areasAtuacao'));
  const chosenCities = new Set(list('cidadesAtendidas'));

  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">Cadastre-se como Advogado</h1>
      <p className="mt-2 text-slate-700">Crie seu perfil, confirme seu email e, após a verificação da OAB, apareça para clientes da sua região.</p>

      <Form method="post" className="mt-8 space-y-6" noValidate aria-labelledby="titulo-formulario">
        <h2 id="titulo-formulario" className="text-xl font-semibold text-slate-900">
          Cadastro de Advogado
        </h2>
        <ErrorSummary errors={errors} message={actionData?.message} fields={REGISTRATION_FIELDS} answer={actionData} />
        <input type="hidden" name="selectedPlan" value={plan} />

        <fieldset className={formSectionClass}>
          <legend className={formLegendClass}>Dados Básicos</legend>
          <TextField name="nome" label="Nome completo" autoComplete="name" required maxLength={REGISTRATION_LIMITS.nome.max} defaultValue={text('nome')} error={errors.nome} />
          <TextField name="email" label="Email" type="email" autoComplete="email" required maxLength={EMAIL_MAX_LENGTH} defaultValue={text('email')} error={errors.email} />
          <OabFields numero={text('numeroOAB')} uf={text('oabUf')} errors={errors} />
          <PhoneField name="whatsapp" label="WhatsApp (com DDD)" required defaultValue={text('whatsapp')} error={errors.whatsapp} />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField name="password" label="Senha" type="password" autoComplete="new-password" required maxLength={REGISTRATION_LIMITS.password.max} error={errors.password} />
            <TextField
              name="confirmarSenha"
              label="Confirme a senha"
              type="password"
              autoComplete="new-password"
              required
              maxLength={REGISTRATION_LIMITS.password.max}
              error={errors.confirmarSenha}
            />
          </div>
          <p className="text-sm text-slate-600">A senha deve ter pelo menos 8 caracteres.</p>
        </fieldset>

        <fieldset className={formSectionClass}>
          <legend className={formLegendClass}>Biografia Profissional</legend>
          <BiographyField min={REGISTRATION_LIMITS.biografia.min} max={REGISTRATION_LIMITS.biografia.max} defaultValue={text('biografia')} error={errors.biografia} />
        </fieldset>

        <CheckboxList legend="Áreas de Atuação" name="areasAtuacao" options={PRACTICE_AREAS_BY_LABEL} chosen={chosenAreas} error={errors.areasAtuacao} />
        <CheckboxList legend="Cidades Atendidas" name="cidadesAtendidas" options={CITIES_BY_LABEL} chosen={chosenCities} error={errors.cidadesAtendidas} />

        <p className="text-sm text-slate-700">
          Plano escolhido: <strong>{PLANS.find((p) => p.id === plan)?.name ?? 'Plano Gratuito'}</strong>. Planos pagos começam com 7 dias grátis após a aprovação.
        </p>
        <button type="submit" disabled={submitting} className="w-full rounded-md bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-80 sm:w-auto sm:px-8">
          {submitting ? 'Cadastrando...' : 'Finalizar Cadastro'}
        </button>
        <p className="text-sm text-slate-700">
          Já tem conta?{' '}
          <Link to="/login" className="font-medium text-brand-700 hover:underline">
            Entrar
          </Link>
        </p>
      </Form>
    </div>
  );
}
