import { ExternalLink, FileDown, Mail, Pencil, Phone, ShieldCheck, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { cityLabel, practiceAreaLabel } from '~/domain/catalog/catalog';
import { LawyerAvatar } from '~/modules/lawyers/components/lawyer-avatar';
import { AreaChips, CityChips } from '~/modules/lawyers/components/lawyer-chips';
import { formatPhone } from '~/domain/phone';
import { formatOab } from '~/modules/lawyers/contact';
import type { OwnLawyerProfile } from '~/modules/lawyers/lawyer-area.server';
import { practiceDetailRows } from '~/modules/lawyers/components/practice-details';
import { lawyerTitle } from '~/domain/catalog/profile-details';
import { primaryButton, secondaryButton, termClass } from './area-styles';

/** The profile tab: what the public sees of the lawyer, plus their e-mail, the way to edit it, and their data (LGPD). */
export function ProfileSection({ profile, currentYear }: { profile: OwnLawyerProfile; currentYear: number }) {
  return (
    <section aria-labelledby="secao-perfil" className="mt-8">
      <h2 id="secao-perfil" className="sr-only">
        Perfil
      </h2>
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
          <LawyerAvatar nome={profile.nome} fotoUrl={profile.fotoUrl} size="lg" />
          <div className="min-w-0 flex-1">
            <h3 className="text-2xl font-bold break-words text-slate-900">{profile.nome}</h3>
            <p className="mt-1 text-slate-700">
              {lawyerTitle(profile.titulo)} {formatOab(profile.oabUf, profile.numeroOab)}
            </p>
          </div>
          <div className="flex flex-col gap-2 sm:items-end">
            <Link to="/editar-perfil" className={primaryButton}>
              <Pencil aria-hidden="true" className="size-4" />
              Editar Perfil
            </Link>
            <Link to={`/advogado/${profile.slug}`} className={secondaryButton}>
              <ExternalLink aria-hidden="true" className="size-4" />
              Ver perfil público
            </Link>
          </div>
        </div>

        <dl className="mt-8 grid gap-6 md:grid-cols-2">
          <div className="md:col-span-2">
            <dt className={termClass}>Biografia</dt>
            <dd className="mt-1 leading-relaxed whitespace-pre-line text-slate-800">{profile.biografia}</dd>
          </div>
          {practiceDetailRows(profile, currentYear).map((row) => (
            <div key={row.term}>
              <dt className={termClass}>{row.term}</dt>
              <dd className="mt-1 text-slate-800">{row.value}</dd>
            </div>
          ))}
          <div>
            <dt className={termClass}>Email</dt>
            <dd className="mt-1 flex items-center gap-2 break-all text-slate-800">
              <Mail aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
              {profile.email}
            </dd>
          </div>
          <div>
            <dt className={termClass}>WhatsApp</dt>
            <dd className="mt-1 flex items-center gap-2 text-slate-800">
              <Phone aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
              {formatPhone(profile.whatsapp)}
            </dd>
          </div>
          <div>
            <dt className={termClass}>Cidades atendidas</dt>
            <dd className="mt-2">
              {profile.cidades.length > 0 ? <CityChips labels={profile.cidades.map(cityLabel)} /> : <p className="text-slate-700">Nenhuma cidade configurada</p>}
            </dd>
          </div>
          <div>
            <dt className={termClass}>Áreas de atuação</dt>
            <dd className="mt-2">
              {profile.areas.length > 0 ? <AreaChips labels={profile.areas.map(practiceAreaLabel)} /> : <p className="text-slate-700">Nenhuma área de atuação configurada</p>}
            </dd>
          </div>
        </dl>
      </div>
      <YourDataCard />
    </section>
  );
}

/** 'Seus dados (LGPD)': a copy of everything stored about the lawyer, and the way to delete the account. */
function YourDataCard() {
  return (
    <div className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h3 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <ShieldCheck aria-hidden="true" className="size-5 text-brand-700" />
        Seus dados (LGPD)
      </h3>
      <p className="mt-2 text-slate-700">
        Baixe uma cópia de tudo o que guardamos sobre você (perfil, plano, leads, estatísticas, mensagens e acessos), em um arquivo JSON. Se preferir, você pode excluir
        sua conta e seus dados.
      </p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        {/* A document request (not client-side navigation): the answer is a file download. */}
        <a href="/area-advogado/meus-dados" className={secondaryButton}>
          <FileDown aria-hidden="true" className="size-4" />
          Baixar meus dados
        </a>
        <Link
          to="/area-advogado/excluir-conta"
          className="inline-flex items-center justify-center gap-2 rounded-md border border-red-700 px-5 py-2.5 text-sm font-semibold text-red-800 hover:bg-red-50"
        >
          <Trash2 aria-hidden="true" className="size-4" />
          Excluir minha conta
        </Link>
      </div>
    </div>
  );
}
