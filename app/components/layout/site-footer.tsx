import { Link } from 'react-router';
import { isDocumentOnlyPath } from '~/lib/server-rendered-page';

const GROUPS = [
  {
    title: 'Links Rápidos',
    links: [
      { to: '/', label: 'Início' },
      { to: '/busca', label: 'Encontrar Advogado' },
      { to: '/solicitar-atendimento', label: 'Solicitar Atendimento' },
      { to: '/confirmar-advogado', label: 'Confirmar um Advogado' },
      { to: '/blog', label: 'Blog Jurídico' },
    ],
  },
  {
    title: 'Para Advogados',
    links: [
      { to: '/registro-advogado', label: 'Cadastre-se' },
      { to: '/login', label: 'Área do Advogado' },
      { to: '/planos', label: 'Planos' },
      { to: '/por-que-se-registrar', label: 'Por que se registrar' },
    ],
  },
  {
    title: 'Suporte',
    links: [
      { to: '/quem-somos', label: 'Quem Somos' },
      { to: '/termos-de-uso', label: 'Termos de Uso' },
      { to: '/politica-de-privacidade', label: 'Política de Privacidade' },
      { to: '/ferramentas', label: 'Ferramentas Gratuitas' },
    ],
  },
] as const;

/** Who runs the site, from the environment (COMPANY_NAME, COMPANY_CNPJ, SUPPORT_EMAIL); each part only when set. */
export interface FooterCompany {
  name?: string;
  cnpj?: string | null;
  email?: string;
}

export function SiteFooter({ brandName, year, company }: { brandName: string; year: number; company?: FooterCompany }) {
  const companyParts = [company?.name, company?.cnpj && `CNPJ ${company.cnpj}`].filter(Boolean);
  return (
    <footer className="mt-16 border-t border-slate-800 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 md:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">{brandName}</p>
          <p className="mt-2 text-sm leading-relaxed">
            Conectamos pessoas que precisam de ajuda jurídica a advogados verificados em todo o Brasil.
          </p>
        </div>
        {GROUPS.map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{group.title}</h2>
            <ul className="mt-3 space-y-1 text-sm">
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} reloadDocument={isDocumentOnlyPath(link.to)} className="inline-block py-1.5 hover:text-white hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm">
          © {year} {brandName}. Todos os direitos reservados.
        </p>
        {companyParts.length > 0 || company?.email ? (
          <p className="mx-auto -mt-4 max-w-6xl px-4 pb-6 text-sm">
            {companyParts.join(' · ')}
            {companyParts.length > 0 && company?.email ? ' · ' : null}
            {company?.email ? (
              <a href={`mailto:${company.email}`} className="underline hover:text-white">
                {company.email}
              </a>
            ) : null}
          </p>
        ) : null}
      </div>
    </footer>
  );
}
