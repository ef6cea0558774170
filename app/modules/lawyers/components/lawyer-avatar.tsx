import { initialOf } from '../contact';
import { avatarClass, type AvatarSize } from './lawyer-markup';

/** The lawyer's photo, or the initial of their name where there is none (no photos from the network). */
export function LawyerAvatar({ nome, fotoUrl, size = 'md' }: { nome: string; fotoUrl: string | null; size?: AvatarSize }) {
  if (fotoUrl) {
    return <img src={fotoUrl} alt={`Foto de ${nome}`} width={128} height={128} loading="lazy" className={avatarClass(size, true)} />;
  }
  return (
    <span aria-hidden="true" className={avatarClass(size, false)}>
      {initialOf(nome)}
    </span>
  );
}
