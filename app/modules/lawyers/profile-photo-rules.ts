import { z } from 'zod';

/**
 * The rules of profile photos (docs/product-rules.md, "Profile photos"), shared by the browser, which
 * checks a chosen file before sending it, and the server, which checks again and decodes it
 * (profile-photos.server.ts). The type is read from the file's first bytes, never from its name or the
 * MIME type the browser guessed from the name.
 */

/** 5 MB, as the spec counts it (5242880 bytes). */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** Images with more pixels than this are refused before they are decoded (decompression bombs). */
export const PHOTO_MAX_MEGAPIXELS = 40;
/** The longest side of a stored photo; smaller photos are not enlarged. */
export const PHOTO_MAX_SIDE = 800;
/** What the file picker offers; the content is checked anyway. */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp';

export const PHOTO_MESSAGES = {
  invalid: 'Por favor, selecione uma imagem válida (JPEG, PNG ou WebP)',
  tooLarge: 'A imagem deve ter no máximo 5MB',
  tooManyPixels: `A imagem deve ter no máximo ${PHOTO_MAX_MEGAPIXELS} megapixels`,
  uploadFailed: 'Erro ao fazer upload da imagem. Tente novamente.',
} as const;

export type PhotoType = 'jpeg' | 'png' | 'webp';

/** How many first bytes sniffPhotoType needs. */
export const PHOTO_SIGNATURE_BYTES = 12;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) => signature.every((byte, i) => bytes[offset + i] === byte);

/** The image type the first bytes announce (JPEG, PNG or WebP signatures), or null for anything else. */
export function sniffPhotoType(head: Uint8Array): PhotoType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  // 'RIFF', four bytes of length, 'WEBP'.
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

/** What is wrong with a chosen file before it is sent (its first bytes, then its size), or null. */
export async function photoFileProblem(file: Blob): Promise<string | null> {
  const head = new Uint8Array(await file.slice(0, PHOTO_SIGNATURE_BYTES).arrayBuffer());
  if (!sniffPhotoType(head)) return PHOTO_MESSAGES.invalid;
  if (file.size > PHOTO_MAX_BYTES) return PHOTO_MESSAGES.tooLarge;
  return null;
}

const isBlob = (value: unknown): value is Blob => typeof Blob !== 'undefined' && value instanceof Blob;

/**
 * The optional photo of a multipart form: no file chosen (the browser sends an empty part, or nothing)
 * is undefined; a file is checked like the browser checks it. The server decodes it afterwards.
 */
export const photoUploadSchema = z
  .unknown()
  .transform((value) => (isBlob(value) && value.size > 0 ? value : undefined))
  .superRefine(async (file, ctx) => {
    if (!file) return;
    const problem = await photoFileProblem(file);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  // A form without the field at all (a post not made by the page) is "no file", not zod's English error.
  .optional();
