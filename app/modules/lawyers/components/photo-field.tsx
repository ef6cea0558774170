import { useEffect, useState, type ChangeEvent } from 'react';
import { LawyerAvatar } from './lawyer-avatar';
import { PHOTO_ACCEPT, photoFileProblem } from '../profile-photo-rules';

/**
 * The profile photo input with a preview. With JavaScript a chosen file is checked at once, like the
 * server checks it (type by its first bytes, then size, with the same messages): a refused file is
 * cleared and never sent; an accepted one is shown in place of the current photo. Without JavaScript the
 * file goes with the form and the server answers. The server's message for the field shows until
 * another file is chosen.
 */
export function PhotoField({ nome, currentUrl, error, label = 'Foto de perfil' }: { nome: string; currentUrl: string | null; error?: string; label?: string }) {
  const [preview, setPreview] = useState<string | null>(null);
  const [browserError, setBrowserError] = useState<string | null>(null);
  // The server's message that was showing when the user picked another file: hidden from then on.
  const [answeredError, setAnsweredError] = useState<string | undefined>(undefined);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    setAnsweredError(error);
    setBrowserError(null);
    setPreview(null);
    if (!file) return;
    const problem = await photoFileProblem(file);
    // Another file was chosen while this one was being read: that one decides.
    if (input.files?.[0] !== file) return;
    if (problem) {
      input.value = '';
      setBrowserError(problem);
      return;
    }
    setPreview(URL.createObjectURL(file));
  }

  const shownError = browserError ?? (error && error !== answeredError ? error : undefined);
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      {preview ? (
        <img src={preview} alt="Pré-visualização da nova foto" width={128} height={128} className="size-28 shrink-0 rounded-full object-cover md:size-32" />
      ) : (
        <LawyerAvatar nome={nome || '?'} fotoUrl={currentUrl} size="lg" />
      )}
      <div className="min-w-0 flex-1">
        <label htmlFor="foto" className="text-sm font-medium text-slate-800">
          {label}
        </label>
        <input
          id="foto"
          name="foto"
          type="file"
          accept={PHOTO_ACCEPT}
          onChange={choose}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={`foto-dica${shownError ? ' foto-erro' : ''}`}
          className="mt-1 block w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border file:border-brand-700 file:bg-white file:px-4 file:py-2 file:font-semibold file:text-brand-800 hover:file:bg-brand-50"
        />
        <p id="foto-dica" className="mt-1 text-sm text-slate-600">
          JPEG, PNG ou WebP, até 5MB.
        </p>
        {shownError ? (
          <p id="foto-erro" role={browserError ? 'alert' : undefined} className="mt-1 text-sm text-red-700">
            {shownError}
          </p>
        ) : null}
      </div>
    </div>
  );
}
