import { describe, expect, test } from 'vitest';
import { openSecret, sealSecret, SecretBoxError } from './secret-box.server';

const SECRET = 'um-segredo-de-aplicacao-com-mais-de-32-caracteres';
const OTHER_SECRET = 'outro-segredo-de-aplicacao-com-mais-de-32-caracteres';

describe('the secret box', () => {
  test('opens what it sealed; the sealed value is neither the secret nor its base64, and differs every time', () => {
    const token = 'wz-token-da-advogada-123';
    const sealed = sealSecret(token, 'ctx:ana', SECRET);
    expect(openSecret(sealed, 'ctx:ana', SECRET)).toBe(token);

    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    expect(sealed).not.toContain(token);
    for (const encoding of ['base64', 'base64url', 'hex'] as const) expect(sealed).not.toContain(Buffer.from(token).toString(encoding).replace(/=+$/, ''));
    expect(sealSecret(token, 'ctx:ana', SECRET)).not.toBe(sealed);
  });

  test('refuses another context, another APP_SECRET, an altered value and an unknown format', () => {
    const sealed = sealSecret('segredo', 'ctx:ana', SECRET);
    expect(() => openSecret(sealed, 'ctx:bruno', SECRET)).toThrow(SecretBoxError);
    expect(() => openSecret(sealed, 'ctx:ana', OTHER_SECRET)).toThrow(SecretBoxError);

    const [version, iv, ciphertext, tag] = sealed.split('.') as [string, string, string, string];
    const flipped = Buffer.from(ciphertext, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => openSecret([version, iv, flipped.toString('base64url'), tag].join('.'), 'ctx:ana', SECRET)).toThrow(SecretBoxError);
    expect(() => openSecret(['v2', iv, ciphertext, tag].join('.'), 'ctx:ana', SECRET)).toThrow('Formato de segredo desconhecido');
    expect(() => openSecret(Buffer.from('segredo').toString('base64'), 'ctx:ana', SECRET)).toThrow(SecretBoxError);
    expect(() => openSecret([version, 'AAAA', ciphertext, tag].join('.'), 'ctx:ana', SECRET)).toThrow('Segredo malformado');
  });
});
