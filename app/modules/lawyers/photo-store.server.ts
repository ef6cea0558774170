import { rm } from 'node:fs/promises';
import path from 'node:path';
import { getConfig } from '~/config.server';

/**
 * Where profile photos live: files in `<DATA_DIR>/photos`, private to the server process, served by the
 * app under PHOTO_URL_PREFIX with long cache headers (the name changes with the content). A profile's
 * `foto_url` is that URL; anything else there (the demo's addresses) is not a file of ours.
 */
export const PHOTO_URL_PREFIX = '/fotos/';

/** A stored photo's file name: lower-case hex (the content hash) and `.webp`. */
export const PHOTO_FILE_NAME = /^[a-f0-9]{16,64}\.webp$/;

export function photoDirectory(): string {
  return path.join(getConfig().dataDir, 'photos');
}

/** The file behind a `foto_url` of ours, or null (no photo, someone else's URL, a malformed name). */
export function photoFileOfUrl(fotoUrl: string | null | undefined): string | null {
  if (!fotoUrl?.startsWith(PHOTO_URL_PREFIX)) return null;
  const name = fotoUrl.slice(PHOTO_URL_PREFIX.length);
  return PHOTO_FILE_NAME.test(name) ? path.join(photoDirectory(), name) : null;
}

/**
 * Removes the files behind these `foto_url`s, after the transaction that stopped using them committed.
 * A file already gone is fine; any other failure is returned, never thrown: the change it follows stands.
 */
export async function removePhotoFiles(fotoUrls: Array<string | null | undefined>): Promise<Error[]> {
  const failures: Error[] = [];
  for (const url of fotoUrls) {
    const file = photoFileOfUrl(url);
    if (!file) continue;
    try {
      await rm(file, { force: true });
    } catch (error) {
      failures.push(error instanceof Error ? error : new Error(String(error)));
    }
  }
  return failures;
}
