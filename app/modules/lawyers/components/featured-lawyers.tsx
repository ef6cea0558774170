import { Link } from 'react-router';
import type { LawyerCardView } from '../lawyer-card-view';
import { LawyerAvatar } from './lawyer-avatar';

/** The home hero's few lawyers with a photo: photo, name (to the profile), title and years, first area. */
export function FeaturedLawyers({ lawyers, className = '' }: { lawyers: LawyerCardView[]; className?: string }) {
  if (lawyers.length === 0) return null;
  return (
    <section aria-labelledby="alguns-advogados" className={className}>
      <h2 id="alguns-advogados" className="text-lg font-semibold text-white">
        Alguns advogados do diretório
      </h2>
      <ul className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-1">
        {lawyers.map((lawyer) => (
          <li key={lawyer.slug} className="flex items-center gap-3 rounded-xl bg-white p-3 text-slate-900 shadow-sm">
            <LawyerAvatar nome={lawyer.nome} fotoUrl={lawyer.fotoUrl} size="md" />
            <div className="min-w-0">
              <Link to={`/advogado/${lawyer.slug}`} className="block truncate font-semibold hover:text-brand-700 hover:underline">
                {lawyer.nome}
              </Link>
              <p className="truncate text-sm text-slate-700">{lawyer.practiceLine}</p>
              {lawyer.areaLabels[0] ? <p className="truncate text-sm text-slate-600">{lawyer.areaLabels[0]}</p> : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
