import { Link } from 'react-router';
import { ArrowLeft, FileText } from '~/components/ui/icons';
import { pageMeta } from '~/lib/seo';
import { FREE_TOOLS } from '~/modules/contracts/free-tools';
import type { Route } from './+types/tools';

/** /ferramentas: the free tools menu. Only the summariser has a page; the others say 'Em breve'. */

export const headers: Route.HeadersFunction = () => ({ 'X-Page-Cache': '30' });

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: matches[0]?.loaderData.site,
    title: 'Ferramentas Jurídicas Gratuitas',
    description: 'Ferramentas gratuitas para empresas e advogados: resuma contratos em PDF ou DOCX e encontre prazos, valores e riscos em segundos.',
    path: '/ferramentas',
  });

export default function ToolsPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <Link to="/" className="inline-flex items-center gap-2 text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
        <ArrowLeft className="size-4" />
        Voltar para o início
      </Link>
      <h1 className="mt-4 text-3xl font-bold text-slate-900">Ferramentas Jurídicas Gratuitas</h1>
      <p className="mt-2 max-w-3xl text-slate-700">
        Ferramentas para entender contratos e organizar a rotina jurídica da sua empresa. O Sumarizador de Contratos já está disponível; as demais chegam em breve.
      </p>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {FREE_TOOLS.map((tool) => (
          <li key={tool.id} className={`flex flex-col rounded-xl border p-6 shadow-sm ${tool.href ? 'border-brand-600 bg-white' : 'border-slate-200 bg-slate-50'}`}>
            <FileText className={`size-8 ${tool.href ? 'text-brand-700' : 'text-slate-500'}`} />
            <h2 className="mt-4 text-lg font-semibold text-slate-900">{tool.title}</h2>
            <p className="mt-2 flex-1 text-sm text-slate-700">{tool.description}</p>
            {tool.href ? (
              <Link to={tool.href} className="mt-5 inline-flex justify-center rounded-md bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800">
                Usar ferramenta
              </Link>
            ) : (
              <p className="mt-5 self-start rounded-full bg-slate-200 px-3 py-1 text-sm font-semibold text-slate-800">Em breve</p>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
