import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { getConfig } from '~/config.server';

/**
 * Secrets kept at rest (a lawyer's messaging-gateway token): AES-256-GCM with a key derived from
 * APP_SECRET by HKDF-SHA256, a random 12-byte IV per value, and `context` (what the secret belongs to,
 * e.g. its owner and name) as additional authenticated data, so a value copied onto another row does
 * not open there. Stored as `v1.<iv>.<ciphertext>.<tag>`, each part base64url; the version names the
 * algorithm and the key derivation, so a later format can be read beside this one.
 */

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretBoxError extends Error {
  override name = 'SecretBoxError';
}

const keys = new Map<string, Buffer>();

/** The v1 key of an APP_SECRET (derived once per secret). */
function keyFor(appSecret: string): Buffer {
  let key = keys.get(appSecret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', appSecret, 'jusconecta/secret-box', 'v1 aes-256-gcm', 32));
    keys.set(appSecret, key);
  }
  return key;
}

/** Encrypts `plaintext` for storage. Two seals of one value differ (a fresh IV each time). */
export function sealSecret(plaintext: string, context: string, appSecret: string = getConfig().appSecret): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyFor(appSecret), iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv, ciphertext, cipher.getAuthTag()].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

/**
 * Decrypts a value sealed by sealSecret with the same `context`. Throws SecretBoxError when the value
 * is malformed, of an unknown version, altered, sealed for another context or under another APP_SECRET.
 */
export function openSecret(sealed: string, context: string, appSecret: string = getConfig().appSecret): string {
  const parts = sealed.split('.');
  if (parts.length !== 4 || parts[0] !== VERSION) throw new SecretBoxError('Formato de segredo desconhecido');
  const [iv, ciphertext, tag] = parts.slice(1).map((part) => Buffer.from(part, 'base64url')) as [Buffer, Buffer, Buffer];
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new SecretBoxError('Segredo malformado');
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(appSecret), iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
  } catch (error) {
    throw new SecretBoxError('O segredo não pôde ser aberto (alterado, de outro contexto ou de outra APP_SECRET)', { cause: error });
  }
}
