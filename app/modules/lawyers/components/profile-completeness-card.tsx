import { Link } from 'react-router';
import type { ProfileCompleteness } from '../profile-completeness';

/**
 * The completeness meter: how much of the profile is filled in and what is missing, the photo first,
 * with the way to /editar-perfil. `heading` is the card's title (the under-review page asks for the
 * photo by name: 'Enquanto isso, adicione sua foto').
 */
export function ProfileCompletenessCard({ completeness, heading, className = '' }: { completeness: ProfileCompleteness; heading: string; className?: string }) {
  const { percent, done, total, missing } = completeness;
  return (
    <section aria-labelledby="perfil-completo" className={`rounded-xl border border-brand-100 bg-brand-50 p-5 sm:p-6 ${className}`}>
      <h2 id="perfil-completo" className="text-lg font-semibold text-slate-900">
        {heading}
      </h2>
      <p id="perfil-completo-texto" className="mt-1 text-slate-700">
        Seu perfil está {percent}% completo ({done} de {total} itens). Perfis completos ajudam o cliente a escolher.
      </p>
      <div
        role="progressbar"
        aria-labelledby="perfil-completo-texto"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-3 h-2.5 w-full overflow-hidden rounded-full bg-white ring-1 ring-slate-300"
      >
        <div className="h-full rounded-full bg-brand-700" style={{ width: `${percent}%` }} />
      </div>
      {missing.length > 0 ? (
        <>
          <h3 className="mt-4 text-sm font-semibold text-slate-800">O que falta</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-800">
            {missing.map((item) => (
              <li key={item.id}>{item.label}</li>
            ))}
          </ul>
          <Link to="/editar-perfil" className="mt-4 inline-flex items-center justify-center rounded-md bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800">
            Completar meu perfil
          </Link>
        </>
      ) : null}
    </section>
  );
}
