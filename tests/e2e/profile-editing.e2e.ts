import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll } from 'vitest';
import { findSeriousA11yViolations, formatViolations } from './support/axe';
import { expect, login, pathOf, test, waitForHydration } from './support/browser';
import { type CreatedLawyer, fixtures } from './support/fixtures';

// The demo lawyer edits her profile and uploads photos; a user without a profile completes one. These
// journeys change the data, so on the shared server the lawyer is a copy of the demo lawyer of this
// file's own, and the user without a profile is created for it too (the fixture door,
// docs/decisions/0035).

let lawyer: CreatedLawyer;
let NO_PROFILE: { email: string; password: string };
beforeAll(async () => {
  lawyer = await fixtures.lawyer({ copyOfDemoLawyer: true });
  NO_PROFILE = await fixtures.lawyer({ nome: 'Carla Mendes', withoutProfile: true });
});

/** A real PNG made here: `width`×`height` of one colour. */
const pngOf = (width: number, height: number, r: number) =>
  sharp({ create: { width, height, channels: 3, background: { r, g: 80, b: 150 } } })
    .png()
    .toBuffer();
const TEXT_AS_PNG = { name: 'foto.png', mimeType: 'image/png', buffer: Buffer.from('Isto é um texto, não uma foto.\n'.repeat(40)) };
const INVALID_PHOTO = 'Por favor, selecione uma imagem válida (JPEG, PNG ou WebP)';
const NEW_BIO = 'Advogada de família e de direito civil em São Paulo e Campinas, com atendimento próximo e linguagem clara.';

/** The src of the lawyer's photo on the area's profile section. */
async function areaPhotoSrc(page: Page): Promise<string> {
  const photo = page.getByRole('img', { name: /^Foto de / });
  await expect(photo).toBeVisible();
  return (await photo.getAttribute('src')) ?? '';
}

test('the demo lawyer edits name, biography and areas; the area and the public profile show it at once', async ({ page, openPage }) => {
  // A visitor's view of the profile, kept by the page cache.
  const visitor = await openPage();
  await visitor.goto(`/advogado/${lawyer.slug}`);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Ana Beatriz Carvalho' })).toBeVisible();

  await login(page, lawyer);
  await page.goto('/area-advogado?section=perfil');
  await page.getByRole('link', { name: 'Editar Perfil' }).click();
  await expect(page).toHaveURL('/editar-perfil');
  await expect(page.getByRole('heading', { level: 1, name: 'Editar Perfil' })).toBeVisible();
  expect(await page.getByLabel('Nome completo').inputValue()).toBe('Ana Beatriz Carvalho');
  expect(await page.getByLabel('Direito de Família').isChecked()).toBe(true);
  await expect(page.getByText('Este é o número exibido para os clientes no seu perfil.')).toBeVisible();
  await waitForHydration(page);

  await page.getByLabel('Nome completo').fill('Ana Beatriz Carvalho Lima');
  await page.getByLabel('Biografia').fill(NEW_BIO);
  await expect(page.getByText(`${NEW_BIO.length}/20`)).toBeVisible();
  await page.getByLabel('Direito Civil').check();
  await page.getByLabel('Direito do Consumidor').uncheck();
  await page.getByRole('button', { name: 'Salvar Alterações' }).click();

  await expect(page).toHaveURL('/area-advogado?section=perfil');
  await expect(page.getByText('Perfil atualizado com sucesso!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ana Beatriz Carvalho Lima' })).toBeVisible();
  await expect(page.getByText(NEW_BIO)).toBeVisible();
  await expect(page.getByText('Direito Civil', { exact: true })).toBeVisible();
  await expect(page.getByText('Direito do Consumidor', { exact: true })).not.toBeVisible();

  // The slug stays; the visitor sees the change at once, not the cached page.
  await visitor.goto(`/advogado/${lawyer.slug}`);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Ana Beatriz Carvalho Lima' })).toBeVisible();
  await expect(visitor.getByText(NEW_BIO)).toBeVisible();
  await expect(visitor.getByText('Direito Civil', { exact: true }).first()).toBeVisible();
});

test('a real PNG becomes the photo: a WebP under /fotos/, cached for a year; the old one is gone after a new upload', async ({ page }) => {
  await login(page, lawyer);
  await page.goto('/editar-perfil');
  await waitForHydration(page);
  await page.getByLabel('Foto de perfil').setInputFiles({ name: 'retrato.png', mimeType: 'image/png', buffer: await pngOf(1600, 1200, 20) });
  await expect(page.getByRole('img', { name: 'Pré-visualização da nova foto' })).toBeVisible();
  await page.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(page).toHaveURL('/area-advogado?section=perfil');

  const src = await areaPhotoSrc(page);
  expect(src).toMatch(/^\/fotos\/[a-f0-9]{64}\.webp$/);
  // Loaded by the page (same origin under its Content-Security-Policy) and decoded.
  await page.waitForFunction((url) => [...document.images].some((img) => img.getAttribute('src') === url && img.complete && img.naturalWidth === 800), src);

  const photo = await page.request.get(src);
  expect(photo.status()).toBe(200);
  expect(photo.headers()).toMatchObject({
    'content-type': 'image/webp',
    'cache-control': 'public, max-age=31536000, immutable',
    'x-content-type-options': 'nosniff',
  });
  const body = await photo.body();
  expect(body.subarray(8, 12).toString('latin1')).toBe('WEBP');
  expect(await sharp(body).metadata()).toMatchObject({ format: 'webp', width: 800, height: 600 });
  const again = await page.request.get(src, { headers: { 'If-None-Match': photo.headers().etag! } });
  expect(again.status()).toBe(304);

  await page.goto('/editar-perfil');
  await page.getByLabel('Foto de perfil').setInputFiles({ name: 'outra.jpg', mimeType: 'image/jpeg', buffer: await sharp(await pngOf(500, 500, 220)).jpeg().toBuffer() });
  await page.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(page).toHaveURL('/area-advogado?section=perfil');
  const newSrc = await areaPhotoSrc(page);
  expect(newSrc).not.toBe(src);
  expect((await page.request.get(newSrc)).status()).toBe(200);
  expect((await page.request.get(src)).status()).toBe(404);
  expect((await page.request.get('/fotos/..%2F..%2Fapp-secret')).status()).toBe(404);
});

test('a text file renamed .png is refused: at once in the browser, and by the server without JavaScript', async ({ page, openPage }) => {
  await login(page, lawyer);
  await page.goto('/editar-perfil');
  await waitForHydration(page);
  await page.getByLabel('Foto de perfil').setInputFiles(TEXT_AS_PNG);
  await expect(page.getByText(INVALID_PHOTO)).toBeVisible();
  // Cleared: it is never sent.
  expect(await page.getByLabel('Foto de perfil').evaluate((input: HTMLInputElement) => input.files?.length)).toBe(0);

  const plain = await openPage({ javaScriptEnabled: false });
  await login(plain, lawyer);
  await plain.goto('/editar-perfil');
  const photoBefore = await plain.getByRole('img', { name: /^Foto de / }).getAttribute('src');
  await plain.getByLabel('Nome completo').fill('Nome Que Não Deve Ficar');
  await plain.getByLabel('Foto de perfil').setInputFiles(TEXT_AS_PNG);
  const [answer] = await Promise.all([plain.waitForResponse((r) => r.request().method() === 'POST'), plain.getByRole('button', { name: 'Salvar Alterações' }).click()]);
  expect(answer.status()).toBe(400);
  await expect(plain.getByText(INVALID_PHOTO)).toBeVisible();
  expect(await plain.getByLabel('Nome completo').inputValue()).toBe('Nome Que Não Deve Ficar');

  // A real PNG slightly over 5 MB (noise does not compress) gets the field's message, not the 413 page.
  const side = 1325;
  const big = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
  expect(big.length).toBeLessThan(5 * 1024 * 1024 + 40 * 1024);
  await plain.getByLabel('Foto de perfil').setInputFiles({ name: 'grande.png', mimeType: 'image/png', buffer: big });
  const [tooLarge] = await Promise.all([plain.waitForResponse((r) => r.request().method() === 'POST'), plain.getByRole('button', { name: 'Salvar Alterações' }).click()]);
  expect(tooLarge.status()).toBe(400);
  await expect(plain.getByText('A imagem deve ter no máximo 5MB')).toBeVisible();

  // Nothing was saved.
  await plain.goto('/area-advogado?section=perfil');
  await expect(plain.getByRole('heading', { name: 'Ana Beatriz Carvalho Lima' })).toBeVisible();
  expect(await plain.getByRole('img', { name: /^Foto de / }).getAttribute('src')).toBe(photoBefore);
});

test('the edit form answers mistakes beside the fields, keeping what was typed (without JavaScript)', async ({ openPage }) => {
  const page = await openPage({ javaScriptEnabled: false, viewport: 'mobile' });
  await login(page, lawyer);
  await page.goto('/editar-perfil');
  await page.getByLabel('Nome completo').fill('Jo');
  await page.getByLabel('WhatsApp (com DDD)').fill('11 9876');
  await page.getByLabel('WhatsApp para notificações (opcional)').fill('1198765432109876');
  await page.getByLabel('Biografia').fill('Curta demais.');
  const checked = page.locator('input[type=checkbox]:checked');
  while ((await checked.count()) > 0) await checked.first().uncheck();
  await page.getByRole('button', { name: 'Salvar Alterações' }).click();

  await expect(page.getByText('Nome deve ter pelo menos 3 caracteres')).toBeVisible();
  await expect(page.getByText('Número inválido')).toBeVisible();
  await expect(page.getByText('Número muito longo')).toBeVisible();
  await expect(page.getByText('Biografia deve ter pelo menos 20 caracteres')).toBeVisible();
  await expect(page.getByText('Selecione pelo menos uma área')).toBeVisible();
  await expect(page.getByText('Selecione pelo menos uma cidade')).toBeVisible();
  expect(await page.getByLabel('WhatsApp (com DDD)').inputValue()).toBe('11 9876');
  expect(await page.getByLabel('Biografia').inputValue()).toBe('Curta demais.');
  expect(await page.getByLabel('Nome completo').getAttribute('aria-invalid')).toBe('true');

  await page.getByRole('link', { name: 'Cancelar' }).click();
  await expect(page).toHaveURL('/area-advogado');
});

test('a visitor gets a login button on /editar-perfil and is sent to /login from /completar-perfil', async ({ page }) => {
  const answer = await page.goto('/editar-perfil');
  expect(answer?.status()).toBe(401);
  await expect(page.getByText('Usuário não autenticado. Faça login para editar seu perfil.')).toBeVisible();
  await page.getByRole('link', { name: 'Fazer Login' }).click();
  await expect(page).toHaveURL('/login');

  await page.goto('/completar-perfil');
  await expect(page).toHaveURL('/login');
});

test('a signed-in user without a profile completes it, with a photo, and waits for review', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(NO_PROFILE.email);
  await page.getByLabel('Senha').fill(NO_PROFILE.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL('/area-advogado');
  await expect(page.getByRole('heading', { name: 'Problema no Perfil' })).toBeVisible();
  await page.getByRole('link', { name: 'Completar Perfil' }).click();

  await expect(page).toHaveURL('/completar-perfil');
  await expect(page.getByRole('heading', { level: 1, name: 'Complete seu Perfil' })).toBeVisible();
  expect(await page.getByLabel('Nome completo').inputValue()).toBe('Carla Mendes');
  await waitForHydration(page);
  const violations = await findSeriousA11yViolations(page);
  expect(violations, `axe on /completar-perfil:\n${formatViolations(violations)}`).toEqual([]);

  // Mistakes first: the messages of registration.
  await page.getByRole('button', { name: 'Enviar para Aprovação' }).click();
  await expect(page.getByText('Número da OAB inválido')).toBeVisible();
  await expect(page.getByText('Biografia deve ter pelo menos 50 caracteres')).toBeVisible();
  await expect(page.getByText('Selecione pelo menos uma área de atuação')).toBeVisible();

  const bio = 'Advogada trabalhista em Belo Horizonte, atendo empregados e pequenas empresas com clareza.';
  await page.getByLabel('Número da OAB').fill('345678');
  await page.getByLabel('Seccional (UF)').selectOption('MG');
  await page.getByLabel('WhatsApp (com DDD)').fill('31987654321');
  await page.getByLabel('Biografia').fill(bio);
  await expect(page.getByText(`${bio.length}/50`)).toBeVisible();
  await page.getByLabel('Direito do Trabalho').check();
  await page.getByLabel('Belo Horizonte - MG').check();
  await page.getByLabel('Foto de perfil').setInputFiles({ name: 'carla.png', mimeType: 'image/png', buffer: await pngOf(640, 640, 120) });
  await expect(page.getByRole('img', { name: 'Pré-visualização da nova foto' })).toBeVisible();
  await page.getByRole('button', { name: 'Enviar para Aprovação' }).click();

  await expect(page).toHaveURL('/perfil-em-analise');
  await expect(page.getByText('Perfil enviado para aprovação! Aguarde a validação do administrador.')).toBeVisible();
  await expect(page.getByText('OAB/MG 345678')).toBeVisible();

  // Done once: the page now leads to the area (and from there to the review page).
  await page.goto('/completar-perfil');
  expect(pathOf(page)).toBe('/perfil-em-analise');
  // A pending lawyer may edit; the photo is theirs.
  await page.goto('/editar-perfil');
  expect(await page.getByRole('img', { name: 'Foto de Carla Mendes' }).getAttribute('src')).toMatch(/^\/fotos\/[a-f0-9]{64}\.webp$/);
});

test.for(['desktop', 'mobile'] as const)('axe finds nothing serious on /editar-perfil at %s width', async (viewport, { openPage }) => {
  const page = await openPage({ viewport });
  await login(page, lawyer);
  await page.goto('/editar-perfil');
  await waitForHydration(page);
  const violations = await findSeriousA11yViolations(page);
  expect(violations, `axe on /editar-perfil:\n${formatViolations(violations)}`).toEqual([]);
});
