import { initialOf } from '../contact';
import { avatarSizeClass, type AvatarSize } from './lawyer-markup';

/** The lawyer's photo, or the initial of their name where there is none (no photos from the network). */
export function LawyerAvatar({ nome, fotoUrl, size = 'md' }: { nome: string; fotoUrl: string | null; size?: AvatarSize }) {
  const sizeClass = avatarSizeClass(size);
  if (fotoUrl) {
    return <img src={fotoUrl} alt={`Foto de ${nome}`} width={128} height={128} loading="lazy" className={`${sizeClass} shrink-0 rounded-full object-cover`} />;
  }
  return (
    <span aria-hidden="true" className={`${sizeClass} flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800`}>
      {initialOf(nome)}
    </span>
  );
}
