import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { LIST_ITEM_MAX_LENGTH, NUL_CHARACTER_MESSAGE, parseForm } from './parse-form.server';

const schema = z.object({
  email: z.string({ message: 'Email inválido' }).pipe(z.email('Email inválido')),
  password: z.string({ message: 'A senha deve ter pelo menos 6 caracteres' }).min(6, 'A senha deve ter pelo menos 6 caracteres'),
  areas: z.array(z.enum(['civil', 'familia'], 'Área inválida')).min(1, 'Selecione pelo menos uma área de atuação'),
});

function post(body: BodyInit | null, headers: HeadersInit = {}) {
  return new Request('http://localhost:3000/form', { method: 'POST', body, headers });
}

function form(entries: Array<[string, string]>) {
  const body = new URLSearchParams();
  for (const [name, value] of entries) body.append(name, value);
  return post(body);
}

describe('parseForm', () => {
  test('a valid form gives the data the schema produced, with list fields as arrays', async () => {
    const parsed = await parseForm(
      form([['email', 'ana@exemplo.adv.br'], ['password', 'segredo-123'], ['areas', 'civil'], ['areas', 'familia']]),
      schema,
      { echo: { email: 254 }, lists: { areas: 16 } },
    );
    expect(parsed).toEqual({
      ok: true,
      data: { email: 'ana@exemplo.adv.br', password: 'segredo-123', areas: ['civil', 'familia'] },
      values: { email: 'ana@exemplo.adv.br', areas: ['civil', 'familia'] },
    });
  });

  test('a text with U+0000 (which PostgreSQL cannot store) is refused beside its field, and never echoed', async () => {
    const parsed = await parseForm(
      form([['email', 'ana@exemplo.adv.br\u0000'], ['password', 'segredo\u0000-123'], ['areas', 'civil\u0000']]),
      z.object({ email: z.string(), password: z.string(), areas: z.array(z.string()) }),
      { echo: { email: 254 }, lists: { areas: 16 } },
    );
    expect(parsed).toEqual({
      ok: false,
      errors: { email: NUL_CHARACTER_MESSAGE, password: NUL_CHARACTER_MESSAGE, areas: NUL_CHARACTER_MESSAGE },
      values: { email: 'ana@exemplo.adv.br', areas: ['civil'] },
    });
  });

  test('an invalid form gives the first message of each field, not the data', async () => {
    const parsed = await parseForm(form([['email', 'nao-e-email'], ['password', '123']]), schema, { lists: { areas: 16 } });
    expect(parsed).toEqual({
      ok: false,
      errors: { email: 'Email inválido', password: 'A senha deve ter pelo menos 6 caracteres', areas: 'Selecione pelo menos uma área de atuação' },
      values: { areas: [] },
    });
  });

  test('echoes only the fields named, capped, and never the password', async () => {
    const parsed = await parseForm(form([['email', 'x'.repeat(1000)], ['password', 'segredo-123']]), schema, { echo: { email: 254 } });
    expect(parsed.values).toEqual({ email: 'x'.repeat(254) });
    expect(JSON.stringify(parsed)).not.toContain('segredo-123');
  });

  test('the schema sees the whole value: a value longer than the echo cap is refused, not cut to fit', async () => {
    const long = z.object({ nome: z.string().max(5, 'Nome muito longo') });
    const parsed = await parseForm(form([['nome', 'abcdefgh']]), long, { echo: { nome: 5 } });
    expect(parsed).toEqual({ ok: false, errors: { nome: 'Nome muito longo' }, values: { nome: 'abcde' } });
  });

  test('a list is echoed with at most the items asked for, each capped; the schema still sees them all', async () => {
    const items = Array.from({ length: 30 }, (_, i) => [`areas`, `${'a'.repeat(200)}${i}`] as [string, string]);
    const parsed = await parseForm(form(items), schema, { lists: { areas: 16 } });
    expect(parsed.ok).toBe(false);
    expect(parsed.values.areas).toHaveLength(16);
    expect(parsed.values.areas.every((item) => item.length === LIST_ITEM_MAX_LENGTH)).toBe(true);
    expect(!parsed.ok && parsed.errors.areas).toBe('Área inválida');
  });

  test('a missing or file field echoes as an empty string', async () => {
    const body = new FormData();
    body.append('email', new File(['conteudo'], 'email.txt'));
    const parsed = await parseForm(post(body), schema, { echo: { email: 254, password: 128 } });
    expect(parsed.values).toEqual({ email: '', password: '' });
  });

  test.each([
    ['JSON', post('{"email":1}', { 'content-type': 'application/json' })],
    ['no body', post(null)],
    ['a malformed multipart body', post('--x\r\nbroken', { 'content-type': 'multipart/form-data; boundary=zzz' })],
  ])('%s is read as an empty form: the schema’s messages, not an exception', async (_name, request) => {
    const parsed = await parseForm(request, schema, { echo: { email: 254 } });
    expect(parsed).toEqual({
      ok: false,
      errors: { email: 'Email inválido', password: 'A senha deve ter pelo menos 6 caracteres', areas: expect.any(String) },
      values: { email: '' },
    });
  });

  test('an issue about the whole form is kept under "form"', async () => {
    const matching = z
      .object({ senha: z.string(), confirmarSenha: z.string() })
      .refine((v) => v.senha === v.confirmarSenha, { message: 'As senhas não coincidem.' });
    const parsed = await parseForm(form([['senha', 'abcdefgh'], ['confirmarSenha', 'outra-senha']]), matching);
    expect(parsed).toEqual({ ok: false, errors: { form: 'As senhas não coincidem.' }, values: {} });
  });
});
