import { describe, expect, test } from 'vitest';
import { AppError, appErrorOrThrow, formError, jsonError } from './app-error';

describe('AppError', () => {
  test('carries the pt-BR message, the status, a code and the cause', () => {
    const cause = new Error('duplicate key value violates unique constraint');
    const error = new AppError('Este email já está cadastrado. Faça login ou use outro email.', { status: 409, code: 'email_taken', field: 'email', cause });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'AppError', message: 'Este email já está cadastrado. Faça login ou use outro email.', status: 409, code: 'email_taken', field: 'email', cause });
  });

  test('appErrorOrThrow returns an AppError and throws anything else again', () => {
    const error = new AppError('Lead não encontrado', { status: 404, code: 'lead_not_found' });
    expect(appErrorOrThrow(error)).toBe(error);
    const bug = new TypeError('x is undefined');
    expect(() => appErrorOrThrow(bug)).toThrow(bug);
    const redirect = new Response(null, { status: 302, headers: { Location: '/login' } });
    expect(() => appErrorOrThrow(redirect)).toThrow();
  });
});

describe('formError', () => {
  test('after a refused form: 400 with the field errors and the echoed values', () => {
    const answer = formError({ errors: { email: 'Email inválido' }, values: { email: 'nao-e-email' } });
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toEqual({ errors: { email: 'Email inválido' }, message: null, values: { email: 'nao-e-email' } });
  });

  test('a refusal of the rule behind the form: its status and message, and Retry-After on 429', () => {
    const form = { values: { email: 'ana@exemplo.adv.br' } };
    const blocked = formError(form, new AppError('Muitas tentativas. Aguarde um minuto e tente novamente.', { status: 429, code: 'rate_limited', retryAfter: 60 }));
    expect(blocked.init?.status).toBe(429);
    expect(new Headers(blocked.init?.headers).get('Retry-After')).toBe('60');
    expect(blocked.data).toEqual({ errors: {}, message: 'Muitas tentativas. Aguarde um minuto e tente novamente.', values: form.values });

    // A module's failure result of the same shape is answered the same way.
    const loginResult = { ok: false, status: 400, message: 'Email ou senha incorretos' } as const;
    const wrong = formError(form, loginResult);
    expect(wrong.init?.status).toBe(400);
    expect(new Headers(wrong.init?.headers).has('Retry-After')).toBe(false);
    expect(wrong.data.message).toBe('Email ou senha incorretos');
  });

  test('an error about one field is shown beside it too', () => {
    const taken = formError({ values: { email: 'ana@exemplo.adv.br' } }, new AppError('Este email já está cadastrado.', { status: 409, code: 'email_taken', field: 'email' }));
    expect(taken.data.errors).toEqual({ email: 'Este email já está cadastrado.' });
    expect(taken.data.message).toBe('Este email já está cadastrado.');
  });
});

describe('jsonError', () => {
  test('answers { error: message } with the status, extra headers and Retry-After', async () => {
    const response = jsonError({ status: 405, message: 'Método não permitido' }, { headers: { Allow: 'POST' } });
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe('POST');
    expect(await response.json()).toEqual({ error: 'Método não permitido' });
    const blocked = jsonError(new AppError('Muitas tentativas.', { status: 429, code: 'rate_limited', retryAfter: 30 }));
    expect(blocked.headers.get('Retry-After')).toBe('30');
  });
});
