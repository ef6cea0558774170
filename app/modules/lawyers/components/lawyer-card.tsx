import { oabLine } from '~/domain/trust';
import type { LawyerCardView } from '../lawyer-card-view';
import { LawyerAvatar } from './lawyer-avatar';
import { AreaChips, CityChips } from './lawyer-chips';
import { WhatsAppButton } from './whatsapp-button';

/**
 * A lawyer's card in search and landing pages: server-rendered pages without React in the browser, so its
 * links are plain anchors (a Link there routes nothing and costs a route match per link at render).
 */
export function LawyerCard({ lawyer, brandName }: { lawyer: LawyerCardView; brandName: string }) {
  const profileHref = `/advogado/${lawyer.slug}`;
  return (
    <article className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-center gap-4">
        <LawyerAvatar nome={lawyer.nome} fotoUrl={lawyer.fotoUrl} />
        <div className="min-w-0">
          <h2 className="text-lg leading-snug font-semibold text-slate-900">
            <a href={profileHref} className="hover:text-brand-700 hover:underline">
              {lawyer.nome}
            </a>
          </h2>
          <p className="text-sm text-slate-600">{oabLine(lawyer.oabUf, lawyer.numeroOab, lawyer.oabCheckedAt)}</p>
        </div>
      </div>
      <p className="mt-3 text-sm text-slate-700">{lawyer.practiceLine}</p>
      <AreaChips labels={lawyer.areaLabels} size="sm" label="Áreas de atuação" className="mt-4" />
      <CityChips labels={lawyer.cityLabels} size="sm" label="Cidades atendidas" className="mt-3" />
      <div className="mt-auto flex flex-col gap-2 pt-5 sm:flex-row">
        <a
          href={profileHref}
          aria-label={`Ver perfil completo de ${lawyer.nome}`}
          className="inline-flex flex-1 items-center justify-center rounded-md border border-brand-700 px-4 py-2.5 text-sm font-semibold text-brand-800 hover:bg-brand-50"
        >
          Ver perfil completo
        </a>
        <WhatsAppButton lawyerSlug={lawyer.slug} nome={lawyer.nome} whatsapp={lawyer.whatsapp} brandName={brandName} source="busca" className="flex-1 text-sm" />
      </div>
    </article>
  );
}
