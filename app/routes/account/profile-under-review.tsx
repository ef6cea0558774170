import { Link, redirect } from 'react-router';
import { requireUser } from '~/auth/session.server';
import { BadgeCheck } from '~/components/ui/icons';
import { pageMeta } from '~/lib/seo';
import { getOwnLawyerProfile } from '~/modules/lawyers/lawyer-area.server';
import { ProfileCompletenessCard } from '~/modules/lawyers/components/profile-completeness-card';
import { profileCompleteness } from '~/modules/lawyers/profile-completeness';
import type { Route } from './+types/profile-under-review';

/** What a lawyer whose profile waits for a superadmin's review sees (docs/product-rules.md, "Review"). */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const own = await getOwnLawyerProfile(user.id);
  // Approved, rejected or without a profile: the area says what applies.
  if (!own || own.profile.status !== 'pending') throw redirect('/area-advogado');
  return {
    nome: own.profile.nome,
    oab: `OAB/${own.profile.oabUf} ${own.profile.numeroOab}`,
    plan: own.plan.active?.name ?? 'Plano Gratuito',
    paidPlan: (own.plan.active?.priceBrl ?? 0) > 0,
    completeness: profileCompleteness(own.profile),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ site: matches[0]?.loaderData.site, title: 'Perfil em análise', description: 'Seu cadastro está em análise.', path: '/perfil-em-analise', noindex: true });

export default function ProfileUnderReviewPage({ loaderData }: Route.ComponentProps) {
  const { nome, oab, plan, paidPlan, completeness } = loaderData;
  const photoMissing = completeness.missing[0]?.id === 'foto';
  return (
    <div className="mx-auto max-w-2xl px-4 py-14">
      <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <span className="inline-flex rounded-full bg-amber-50 p-3 text-amber-800">
          <BadgeCheck aria-hidden="true" className="size-7" />
        </span>
        <h1 className="mt-4 text-2xl font-bold text-slate-900">Olá, {nome}!</h1>
        <p className="mt-2 text-lg font-semibold text-slate-800">Seu perfil está em análise</p>
        <p className="mt-4 text-slate-700">
          Estamos verificando sua inscrição na OAB (<strong className="text-slate-900">{oab}</strong>). Assim que ela for confirmada, seu perfil aparece na busca e você
          começa a receber clientes.
        </p>
        <ul className="mt-5 list-disc space-y-2 pl-5 text-slate-700">
          <li>
            A análise leva de <strong>24 a 48 horas úteis</strong>.
          </li>
          <li>Você receberá um email assim que seu perfil for aprovado.</li>
          <li>
            Seu plano está reservado: <strong>{plan}</strong>
            {paidPlan ? ', com 7 dias grátis a partir da aprovação.' : '.'}
          </li>
        </ul>
        {/* While waiting, the lawyer's next step is their own profile (never a sales page). */}
        {completeness.missing.length > 0 ? (
          <ProfileCompletenessCard completeness={completeness} heading={photoMissing ? 'Enquanto isso, adicione sua foto' : 'Enquanto isso, complete seu perfil'} className="mt-6" />
        ) : null}
        <div className="mt-7 flex flex-wrap gap-3">
          {completeness.missing.length === 0 ? (
            <Link to="/editar-perfil" className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
              Editar meu perfil
            </Link>
          ) : null}
          <Link to="/" className="rounded-md border border-slate-300 px-5 py-2.5 font-semibold text-slate-800 hover:bg-slate-50">
            Voltar ao início
          </Link>
        </div>
        <p className="mt-6 border-t border-slate-200 pt-4 text-sm text-slate-700">
          Seus dados (LGPD):{' '}
          <a href="/area-advogado/meus-dados" className="font-medium text-brand-700 underline hover:text-brand-800">
            baixar meus dados
          </a>{' '}
          ou{' '}
          <Link to="/area-advogado/excluir-conta" className="font-medium text-brand-700 underline hover:text-brand-800">
            excluir minha conta
          </Link>
          .
        </p>
      </div>
    </div>
  );
}
