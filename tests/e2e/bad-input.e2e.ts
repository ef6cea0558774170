import { expect, inject, test } from 'vitest';

// Input from outside that is not what a form sends gets a 4xx with the forms' Portuguese messages,
// never a 500.
const baseURL = inject('baseURL');

test('a login posted as JSON, or with no body, is answered 400 with the form’s messages', async () => {
  for (const init of [
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":1}' },
    { method: 'POST' },
  ]) {
    const response = await fetch(`${baseURL}/login`, init);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('Email inválido');
    expect(html).toContain('A senha deve ter pelo menos 6 caracteres');
  }
});

test('a WhatsApp click that names no known lawyer is refused with a 4xx', async () => {
  const notAForm = await fetch(`${baseURL}/api/cliques-whatsapp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  expect(notAForm.status).toBe(400);
  const unknown = await fetch(`${baseURL}/api/cliques-whatsapp`, { method: 'POST', body: new URLSearchParams({ advogado: 'ninguem', origem: 'busca' }) });
  expect(unknown.status).toBe(404);
  expect(await unknown.json()).toEqual({ error: 'Advogado não encontrado' });
});
