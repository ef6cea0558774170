import { initialOf } from '../contact';

const SIZES = { sm: 'size-10 text-lg', md: 'size-16 text-2xl', lg: 'size-28 text-5xl md:size-32' } as const;

/** The lawyer's photo, or the initial of their name where there is none (no photos from the network). */
export function LawyerAvatar({ nome, fotoUrl, size = 'md' }: { nome: string; fotoUrl: string | null; size?: keyof typeof SIZES }) {
  if (fotoUrl) {
    return <img src={fotoUrl} alt={`Foto de ${nome}`} width={128} height={128} loading="lazy" className={`${SIZES[size]} shrink-0 rounded-full object-cover`} />;
  }
  return (
    <span aria-hidden="true" className={`${SIZES[size]} flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800`}>
      {initialOf(nome)}
    </span>
  );
}
