import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { getConfig, type PhotoStorageConfig } from '~/config.server';

/**
 * Where profile photos live (docs/decisions/0012, 0058): one interface, two stores. By default files in
 * `<DATA_DIR>/photos`, private to the server process; with S3_BUCKET set, objects `photos/<name>` of a
 * private S3-compatible bucket, so that every app process reads the photos any of them stored. Either
 * way the app serves them under PHOTO_URL_PREFIX with long cache headers (the name changes with the
 * content), and nothing else of the store is reachable. A profile's `foto_url` is that URL; anything
 * else there (the demo's addresses) is not a photo of ours.
 */
export const PHOTO_URL_PREFIX = '/fotos/';

/** A stored photo's name: lower-case hex (the content hash) and `.webp`. */
export const PHOTO_FILE_NAME = /^[a-f0-9]{16,64}\.webp$/;

/** A stored photo opened for serving: its size and a stream of its bytes (closed at its end or on cancel). */
export interface OpenedPhoto {
  size: number;
  /** The entity tag: the content hash in the name. */
  etag: string;
  body: () => ReadableStream<Uint8Array>;
  close: () => Promise<void>;
}

export interface PhotoStore {
  readonly kind: 'directory' | 's3';
  /** Stores the bytes under `name` so that no reader ever sees half of them; the same name means the same bytes. */
  write(name: string, bytes: Uint8Array): Promise<void>;
  /** The photo `name` (already checked against PHOTO_FILE_NAME), or null when there is none. */
  open(name: string): Promise<OpenedPhoto | null>;
  /** Removes `name`; one already gone is fine. */
  remove(name: string): Promise<void>;
}

export function photoDirectory(): string {
  return path.join(getConfig().dataDir, 'photos');
}

/** The name of the photo behind a `foto_url` of ours, or null (no photo, someone else's URL, a malformed name). */
export function photoNameOfUrl(fotoUrl: string | null | undefined): string | null {
  if (!fotoUrl?.startsWith(PHOTO_URL_PREFIX)) return null;
  const name = fotoUrl.slice(PHOTO_URL_PREFIX.length);
  return PHOTO_FILE_NAME.test(name) ? name : null;
}

/** The file behind a `foto_url` of ours in the local directory, or null. */
export function photoFileOfUrl(fotoUrl: string | null | undefined): string | null {
  const name = photoNameOfUrl(fotoUrl);
  return name ? path.join(photoDirectory(), name) : null;
}

const etagOf = (name: string) => `"${name.slice(0, -'.webp'.length)}"`;

/**
 * The local store. A write goes to a hidden temporary file (mode 0600, in the directory, created 0700 if
 * missing), is flushed to disk, then renamed; symbolic links are not followed when reading.
 */
export function directoryPhotoStore(directory: () => string = photoDirectory): PhotoStore {
  return {
    kind: 'directory',
    async write(name, bytes) {
      const dir = directory();
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const temporary = path.join(dir, `.${name}.${randomBytes(8).toString('hex')}.tmp`);
      try {
        const file = await open(temporary, 'wx', 0o600);
        try {
          await file.writeFile(bytes);
          await file.sync();
        } finally {
          await file.close();
        }
        await rename(temporary, path.join(dir, name));
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async open(name) {
      let file;
      try {
        file = await open(path.join(directory(), name), constants.O_RDONLY | constants.O_NOFOLLOW);
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
        etag: etagOf(name),
        body: () => Readable.toWeb(handle.createReadStream({ autoClose: true })) as ReadableStream<Uint8Array>,
        close: () => handle.close(),
      };
    },
    async remove(name) {
      await rm(path.join(directory(), name), { force: true });
    },
  };
}

/** How long one request to the bucket may take before the photo counts as unavailable. */
const S3_REQUEST_TIMEOUT_MS = 15_000;

/**
 * The bucket store, through the AWS SDK: objects `photos/<name>`, `image/webp`, private (no ACL: the
 * bucket's default; the app is the only reader). A PUT is atomic by S3's own rules. Checksums only when
 * an operation requires them: several S3-compatible services refuse the SDK's default CRC32 trailers.
 */
export function s3PhotoStore(config: Extract<PhotoStorageConfig, { kind: 's3' }>): PhotoStore {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
  const key = (name: string) => `photos/${name}`;
  const deadline = () => ({ abortSignal: AbortSignal.timeout(S3_REQUEST_TIMEOUT_MS) });
  return {
    kind: 's3',
    async write(name, bytes) {
      await client.send(new PutObjectCommand({ Bucket: config.bucket, Key: key(name), Body: bytes, ContentType: 'image/webp', ContentLength: bytes.byteLength }), deadline());
    },
    async open(name) {
      let size: number;
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: config.bucket, Key: key(name) }), deadline());
        size = head.ContentLength ?? 0;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      // The bytes are asked for only when the body is read: a HEAD or a 304 costs one request.
      let source: ReadableStream<Uint8Array> | undefined;
      let cancelled = false;
      return {
        size,
        etag: etagOf(name),
        body: () =>
          new ReadableStream<Uint8Array>({
            async start() {
              const object = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: key(name) }));
              source = object.Body!.transformToWebStream() as ReadableStream<Uint8Array>;
              if (cancelled) await source.cancel();
            },
            async pull(controller) {
              const reader = source!.getReader();
              try {
                const { done, value } = await reader.read();
                if (done) controller.close();
                else controller.enqueue(value);
              } finally {
                reader.releaseLock();
              }
            },
            async cancel(reason) {
              cancelled = true;
              await source?.cancel(reason);
            },
          }),
        close: async () => undefined,
      };
    },
    async remove(name) {
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key(name) }), deadline());
    },
  };
}

function isMissing(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey';
}

const holder = globalThis as typeof globalThis & { __jusconectaPhotoStore?: PhotoStore };

/** The store the configuration names, made once per process. */
export function photoStore(): PhotoStore {
  if (!holder.__jusconectaPhotoStore) {
    const storage = getConfig().photoStorage;
    holder.__jusconectaPhotoStore = storage.kind === 's3' ? s3PhotoStore(storage) : directoryPhotoStore();
  }
  return holder.__jusconectaPhotoStore;
}

/** For tests: use this store (undefined: the configured one again). */
export function usePhotoStore(store: PhotoStore | undefined): void {
  holder.__jusconectaPhotoStore = store;
}

/** Stores a photo under `name` and returns its URL. */
export async function writePhotoFile(name: string, bytes: Uint8Array): Promise<string> {
  if (!PHOTO_FILE_NAME.test(name)) throw new Error(`Not a photo file name: ${name}`);
  await photoStore().write(name, bytes);
  return `${PHOTO_URL_PREFIX}${name}`;
}

/**
 * Removes the photos behind these `foto_url`s, after the transaction that stopped using them committed.
 * One already gone is fine; any other failure is returned, never thrown: the change it follows stands.
 */
export async function removePhotoFiles(fotoUrls: Array<string | null | undefined>): Promise<Error[]> {
  const failures: Error[] = [];
  for (const url of fotoUrls) {
    const name = photoNameOfUrl(url);
    if (!name) continue;
    try {
      await photoStore().remove(name);
    } catch (error) {
      failures.push(error instanceof Error ? error : new Error(String(error)));
    }
  }
  return failures;
}

/**
 * Opens the stored photo `name` for serving, or null when the name is not one of ours (checked against
 * PHOTO_FILE_NAME, so no other path or key can be reached) or no such photo exists.
 */
export async function openPhotoFile(name: string): Promise<OpenedPhoto | null> {
  if (!PHOTO_FILE_NAME.test(name)) return null;
  return photoStore().open(name);
}
