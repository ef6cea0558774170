import { LogOut, Menu, Scale, X } from '~/components/ui/icons';
import { Form, Link, NavLink, useLocation } from 'react-router';
import { isDocumentOnlyPath } from '~/lib/server-rendered-page';
import { LAWYER_AREA_SECTIONS, lawyerAreaSection } from '~/modules/lawyers/lawyer-area-sections';

export interface HeaderUser {
  name: string;
  email: string;
}

const NAV_LINKS = [
  { to: '/', label: 'Início', end: true },
  { to: '/busca', label: 'Encontrar Advogado', end: false },
  { to: '/solicitar-atendimento', label: 'Solicitar Atendimento', end: false },
] as const;

function navClass({ isActive }: { isActive: boolean }) {
  return `rounded-md px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? 'text-brand-800 bg-brand-50' : 'text-slate-700 hover:text-brand-800 hover:bg-slate-100'
  }`;
}

function SectionLinks({ active, mobile }: { active: string; mobile: boolean }) {
  return LAWYER_AREA_SECTIONS.filter((s) => mobile || !s.mobileOnly).map((s) => (
    <Link key={s.id} to={`/area-advogado?section=${s.id}`} aria-current={s.id === active ? 'page' : undefined} className={navClass({ isActive: s.id === active })}>
      {s.label}
    </Link>
  ));
}

function SignOutButton() {
  return (
    <Form method="post" action="/logout">
      <button type="submit" className="w-full rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100">
        Sair
      </button>
    </Form>
  );
}

export function SiteHeader({ brandName, user }: { brandName: string; user: HeaderUser | null }) {
  const location = useLocation();
  // Inside the lawyer area the header carries the area's section menu and a Sair button instead.
  const inLawyerArea = Boolean(user) && location.pathname === '/area-advogado';
  const activeSection = lawyerAreaSection(new URLSearchParams(location.search).get('section'));
  const navLinks = (mobile: boolean) =>
    inLawyerArea ? (
      <SectionLinks active={activeSection} mobile={mobile} />
    ) : (
      NAV_LINKS.map((link) => (
        <NavLink key={link.to} to={link.to} end={link.end} reloadDocument={isDocumentOnlyPath(link.to)} className={navClass}>
          {link.label}
        </NavLink>
      ))
    );
  const areaButton = user ? (
    <Link to="/area-advogado" className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
      Minha Área
    </Link>
  ) : (
    <Link to="/login" className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
      Sou Advogado
    </Link>
  );
  const userBlock = user ? (
    <div className="flex items-center gap-3">
      <div className="min-w-0 text-right leading-tight">
        <p className="truncate text-sm font-medium text-slate-900">{user.name || 'Usuário'}</p>
        <p className="truncate text-xs text-slate-600">{user.email}</p>
      </div>
      <Form method="post" action="/logout">
        <button type="submit" aria-label="Sair" title="Sair" className="rounded-md p-2 text-slate-700 hover:bg-slate-100 hover:text-slate-900">
          <LogOut aria-hidden="true" className="size-5" />
        </button>
      </Form>
    </div>
  ) : null;

  const actions = inLawyerArea ? <SignOutButton /> : <>{areaButton}{userBlock}</>;

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold text-brand-800">
          <Scale aria-hidden="true" className="size-6" />
          <span>{brandName}</span>
        </Link>

        <nav aria-label={inLawyerArea ? 'Seções da área do advogado' : 'Principal'} className="hidden items-center gap-1 lg:flex">
          {navLinks(false)}
        </nav>
        <div className="hidden items-center gap-4 lg:flex">{actions}</div>

        {/*
          The mobile and tablet menu is a <details> element, so it works without JavaScript. Keyed by
          the URL, it is rebuilt closed after every navigation, query changes included.
        */}
        <details key={location.pathname + location.search} data-menu="" className="group lg:hidden">
          <summary className="flex cursor-pointer list-none items-center rounded-md p-2 text-slate-800 hover:bg-slate-100">
            <span className="sr-only group-open:hidden">Abrir menu</span>
            <span className="sr-only hidden group-open:inline">Fechar menu</span>
            <Menu aria-hidden="true" className="size-6 group-open:hidden" />
            <X aria-hidden="true" className="hidden size-6 group-open:block" />
          </summary>
          <div className="absolute inset-x-0 top-16 border-b border-slate-200 bg-white shadow-lg">
            <nav aria-label="Menu móvel" className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-3">
              {navLinks(true)}
              <div className="mt-2 flex flex-col gap-3 border-t border-slate-200 pt-3">
                {actions}
              </div>
            </nav>
          </div>
        </details>
      </div>
    </header>
  );
}
