import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
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
 * Writes a photo file atomically and returns its URL: the bytes go to a hidden temporary file (mode 0600,
 * in the directory, created 0700 if missing), are flushed to disk, then renamed to `name`, so a reader
 * never sees half a photo. Writing a name that exists replaces it with the same bytes (the name is the
 * content's hash).
 */
export async function writePhotoFile(name: string, bytes: Uint8Array): Promise<string> {
  if (!PHOTO_FILE_NAME.test(name)) throw new Error(`Not a photo file name: ${name}`);
  const directory = photoDirectory();
  await mkdir(directory, { recursive: true, mode: 0o700 });
  const temporary = path.join(directory, `.${name}.${randomBytes(8).toString('hex')}.tmp`);
  try {
    const file = await open(temporary, 'wx', 0o600);
    try {
      await file.writeFile(bytes);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, path.join(directory, name));
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return `${PHOTO_URL_PREFIX}${name}`;
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

/** A stored photo opened for serving: its size and a stream of its bytes (the file closes at its end or on cancel). */
export interface OpenedPhoto {
  size: number;
  /** The entity tag: the content hash in the name. */
  etag: string;
  body: () => ReadableStream<Uint8Array>;
  close: () => Promise<void>;
}

/**
 * Opens the stored photo `name` for serving, or null when the name is not one of ours (checked against
 * PHOTO_FILE_NAME, so no other path can be reached) or no such file exists. Symbolic links are not followed.
 */
export async function openPhotoFile(name: string): Promise<OpenedPhoto | null> {
  if (!PHOTO_FILE_NAME.test(name)) return null;
  let file;
  try {
    file = await open(path.join(photoDirectory(), name), constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ELOOP' || code === 'ENOTDIR') return null;
    throw error;
  }
  const stats = await file.stat();
  if (!stats.isFile()) {
    await file.close();
    return null;
  }
  const handle = file;
  return {
    size: stats.size,
    etag: `"${name.slice(0, -'.webp'.length)}"`,
    body: () => Readable.toWeb(handle.createReadStream({ autoClose: true })) as ReadableStream<Uint8Array>,
    close: () => handle.close(),
  };
}
