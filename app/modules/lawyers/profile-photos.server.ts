import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { db } from '~/db/client.server';
import { lawyerProfiles } from '~/db/schema/lawyers';
import { AppError } from '~/lib/app-error';
import { removePhotoFiles, writePhotoFile } from './photo-store.server';
import { PHOTO_MAX_BYTES, PHOTO_MAX_MEGAPIXELS, PHOTO_MAX_SIDE, PHOTO_MESSAGES, PHOTO_SIGNATURE_BYTES, sniffPhotoType } from './profile-photo-rules';

/**
 * Profile photos (docs/product-rules.md, "Profile photos"; docs/decisions/0012-profile-photos.md): an
 * upload is checked by its content, decoded with sharp within a pixel limit, and re-encoded as a new
 * WebP of at most 800 px, turned upright and without any of the original's metadata. Only that WebP is
 * ever stored or served, never the bytes the browser sent.
 */

const MAX_INPUT_PIXELS = PHOTO_MAX_MEGAPIXELS * 1_000_000;
/** Decoding a 40-megapixel JPEG takes well under a second; anything slower is refused. */
const PROCESSING_SECONDS = 15;
const WEBP_QUALITY = 82;

export interface ProcessedPhoto {
  /** The WebP to store. */
  webp: Buffer;
  width: number;
  height: number;
}

function refuse(message: string, code: string, cause?: unknown): AppError {
  return new AppError(message, { status: 400, code, field: 'foto', cause });
}

/**
 * Checks an uploaded photo and re-encodes it: JPEG, PNG or WebP by their first bytes and by the format
 * sharp decodes (both must agree), at most 5 MB and 40 megapixels (the limit is checked from the header,
 * before any pixel is decoded), decoded completely (a truncated or corrupt file is refused). The result
 * is a WebP whose longest side is at most 800 px (never enlarged), turned as the EXIF orientation says,
 * with no EXIF, GPS, ICC profile, XMP or comments. Throws an AppError for the 'foto' field otherwise.
 */
export async function processProfilePhoto(bytes: Uint8Array): Promise<ProcessedPhoto> {
  const type = sniffPhotoType(bytes.subarray(0, PHOTO_SIGNATURE_BYTES));
  if (!type) throw refuse(PHOTO_MESSAGES.invalid, 'photo_type');
  if (bytes.byteLength > PHOTO_MAX_BYTES) throw refuse(PHOTO_MESSAGES.tooLarge, 'photo_too_large');

  // Only the first frame of an animated image; a PNG with huge text chunks is refused (sharp's default).
  const input = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning', autoOrient: true, pages: 1 });
  let format: string;
  try {
    ({ format } = await input().metadata());
  } catch (error) {
    if (isPixelLimit(error)) throw refuse(PHOTO_MESSAGES.tooManyPixels, 'photo_too_many_pixels', error);
    throw refuse(PHOTO_MESSAGES.invalid, 'photo_undecodable', error);
  }
  if (format !== type) throw refuse(PHOTO_MESSAGES.invalid, 'photo_type_mismatch');

  try {
    const { data, info } = await input()
      .resize(PHOTO_MAX_SIDE, PHOTO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .timeout({ seconds: PROCESSING_SECONDS })
      .toBuffer({ resolveWithObject: true });
    return { webp: data, width: info.width, height: info.height };
  } catch (error) {
    if (isPixelLimit(error)) throw refuse(PHOTO_MESSAGES.tooManyPixels, 'photo_too_many_pixels', error);
    throw refuse(PHOTO_MESSAGES.invalid, 'photo_undecodable', error);
  }
}

function isPixelLimit(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

/**
 * The stored name of a lawyer's photo: the SHA-256 of the lawyer id and the WebP. The same photo always
 * gets the same name (the URL can be cached forever), and two lawyers never share a file, so removing
 * one lawyer's old photo never takes another's.
 */
export function photoFileName(lawyerId: string, webp: Uint8Array): string {
  return `${createHash('sha256').update(lawyerId).update('\0').update(webp).digest('hex')}.webp`;
}

/**
 * Processes the upload and writes it to the photo directory; returns its `foto_url`. An invalid photo
 * throws processProfilePhoto's AppError; a failure to write it, 'Erro ao fazer upload da imagem. Tente
 * novamente.' (logged: the disk, not the user, is at fault).
 */
export async function storeProfilePhoto(lawyerId: string, upload: Uint8Array): Promise<string> {
  const { webp } = await processProfilePhoto(upload);
  try {
    return await writePhotoFile(photoFileName(lawyerId, webp), webp);
  } catch (error) {
    console.error('Could not store a profile photo', error);
    throw new AppError(PHOTO_MESSAGES.uploadFailed, { status: 500, code: 'photo_store_failed', field: 'foto', cause: error });
  }
}

/**
 * After the transaction that would have used `fotoUrl` failed: removes the new file, unless the profile
 * points to it after all (the same photo sent again has the same name as the one in use). When that
 * cannot be read, the file stays: an unused file is better than a missing photo.
 */
export async function discardUnusedPhoto(lawyerId: string, fotoUrl: string | null): Promise<void> {
  if (!fotoUrl) return;
  try {
    const [row] = await db.select({ fotoUrl: lawyerProfiles.fotoUrl }).from(lawyerProfiles).where(eq(lawyerProfiles.id, lawyerId));
    if (row?.fotoUrl === fotoUrl) return;
  } catch (error) {
    console.warn('Kept a new profile photo whose profile could not be read', fotoUrl, error);
    return;
  }
  await removeReplacedPhotos([fotoUrl]);
}

/** Removes photo files no profile uses any more, after the transaction that replaced them committed. */
export async function removeReplacedPhotos(fotoUrls: Array<string | null>): Promise<void> {
  for (const failure of await removePhotoFiles(fotoUrls)) console.warn('Could not remove an unused profile photo', failure);
}
