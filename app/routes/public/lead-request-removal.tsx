import type { ReactNode } from 'react';
import { data, Link } from 'react-router';
import { pageMeta } from '~/lib/seo';
import { cityLabel, practiceAreaLabel } from '~/domain/catalog/catalog';
import { findRequestToRemove, removeLeadRequest } from '~/modules/leads/lead-removal.server';
import { REMOVAL_MESSAGES } from '~/modules/leads/lead-requests';
import type { Route } from './+types/lead-request-removal';
import { loadAsDocument, SERVER_RENDERED } from '~/lib/server-rendered-page';

/**
 * /solicitacao/remover?token=…: the link of the client's confirmation e-mail. Opening it only shows
 * what would be removed (a mail scanner that follows links deletes nothing); the button's POST removes
 * the request and its leads. The token stays out of other sites' referrers (meta below) and caches (no-store).
 */

const sentAt = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'America/Sao_Paulo' });

function tokenOf(request: Request): string | null {
  return new URL(request.url).searchParams.get('token');
}

export async function loader({ request }: Route.LoaderArgs) {
  const found = await findRequestToRemove(tokenOf(request));
  if (!found) return data({ request: null }, { status: 404 });
  return {
    request: {
      createdAt: sentAt.format(found.createdAt),
      area: practiceAreaLabel(found.areaAtuacao),
      city: cityLabel(found.cidade),
      lawyers: found.lawyers,
    },
  };
}

export async function action({ request }: Route.ActionArgs) {
  const removed = await removeLeadRequest(tokenOf(request));
  if (!removed.removed) return data({ removed: false as const }, { status: 404 });
  return { removed: true as const };
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta({
    site: matches[0]?.loaderData.site,
    title: 'Remover solicitação de atendimento',
    description: 'Remova a sua solicitação de atendimento e os dados enviados aos advogados.',
    path: '/solicitacao/remover',
    noindex: true,
  }),
  // The URL holds the token: no request to another site names it. ('no-referrer' would also blank the
  // Origin of the page's own form post, which the server then refuses as cross-site.)
  { name: 'referrer', content: 'same-origin' },
];

const card = 'rounded-2xl border border-slate-200 bg-white p-8 shadow-sm';

// Rendered on the server only: no React in the browser (docs/decisions/0060).
export const handle = SERVER_RENDERED;
export const clientLoader = loadAsDocument;

export default function LeadRequestRemovalPage({ loaderData, actionData }: Route.ComponentProps) {

  if (actionData?.removed) {
    return (
      <Shell>
        <div role="status" className={card}>
          <h1 className="text-2xl font-bold text-slate-900">Solicitação removida</h1>
          <p className="mt-3 text-slate-700">{REMOVAL_MESSAGES.done}</p>
          <HomeLinks />
        </div>
      </Shell>
    );
  }
  const found = actionData?.removed === false ? null : loaderData.request;
  if (!found) {
    return (
      <Shell>
        <div className={card}>
          <h1 className="text-2xl font-bold text-slate-900">Link inválido</h1>
          <p className="mt-3 text-slate-700">{REMOVAL_MESSAGES.invalidLink}</p>
          <p className="mt-3 text-slate-700">Confira se você abriu o link completo do e-mail de confirmação.</p>
          <HomeLinks />
        </div>
      </Shell>
    );
  }
  return (
    <Shell>
      <div className={card}>
        <h1 className="text-2xl font-bold text-slate-900">Remover solicitação de atendimento</h1>
        <p className="mt-3 text-slate-700">Esta é a solicitação ligada ao link do seu e-mail:</p>
        <dl className="mt-4 space-y-2 rounded-md bg-slate-50 p-4 text-slate-800">
          <div>
            <dt className="inline font-medium">Enviada em: </dt>
            <dd className="inline">{found.createdAt}</dd>
          </div>
          <div>
            <dt className="inline font-medium">Área: </dt>
            <dd className="inline">{found.area}</dd>
          </div>
          <div>
            <dt className="inline font-medium">Cidade: </dt>
            <dd className="inline">{found.city}</dd>
          </div>
          <div>
            <dt className="inline font-medium">Advogados que a receberam: </dt>
            <dd className="inline">{found.lawyers}</dd>
          </div>
        </dl>
        <p className="mt-4 text-slate-700">
          Ao remover, a solicitação e os dados que você enviou (nome, e-mail, WhatsApp e descrição do caso) são apagados da plataforma e dos registros dos advogados. Isso
          não pode ser desfeito. Um advogado que já falou com você pode ter guardado o contato por conta própria.
        </p>
        <form method="post" data-busy="Removendo..." className="mt-6">
          <button type="submit" className="w-full rounded-md bg-red-700 px-4 py-3 font-semibold text-white hover:bg-red-800 aria-disabled:opacity-80 sm:w-auto sm:px-8">
            Remover minha solicitação
          </button>
        </form>
      </div>
    </Shell>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-xl px-4 py-16">{children}</div>;
}

function HomeLinks() {
  return (
    <p className="mt-6 flex flex-wrap gap-4">
      <Link to="/" className="font-medium text-brand-700 underline">
        Voltar para o início
      </Link>
      <Link to="/solicitar-atendimento" className="font-medium text-brand-700 underline">
        Fazer uma nova solicitação
      </Link>
    </p>
  );
}
