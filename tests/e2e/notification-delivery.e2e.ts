import type { Page } from 'playwright-core';
import { vi } from 'vitest';
import { expect, newClientAddress, saveScreenshot, signInAsSuperadmin, test } from './support/browser';
import { fixtures, standIns, unique } from './support/fixtures';

// Notifications that cannot be forged, doubled or lost (docs/decisions/0039), through the shared
// server and its Cloud API stand-in: a client's name with line breaks arrives flattened; a provider
// that answers after the deadline gets the message once and the back office shows it 'Incerto' with
// 'Reenviar'; a 503 then a 200 delivers once; Meta's status webhook needs its signature and its
// reports show in /admin/mensagens. Each test has a lawyer (and a WhatsApp number) of its own.

/**
 * A client's request as a script would post it (a browser's input drops line breaks; a script's does
 * not), to this test's lawyer ticked on the list for civil law in São Paulo (docs/decisions/0043).
 */
async function request(baseURL: string, nome: string, lawyer: { slug: string }) {
  const form = new URLSearchParams({
    nome,
    email: `cliente.${unique()}@exemplo.com.br`,
    whatsapp: '11912345678',
    cidade: 'sp_sao_paulo',
    areaAtuacao: 'civil',
    descricao: `Preciso de orientação sobre um contrato de aluguel ${unique()} e os prazos que tenho.`,
    website: '',
    escolha: 'civil|sp_sao_paulo',
    advogados: lawyer.slug,
  });
  const answer = await fetch(`${baseURL}/solicitar-atendimento`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': newClientAddress() },
    body: form,
    redirect: 'manual',
  });
  expect(answer.status).toBeLessThan(400);
}

/** A lawyer of the request's area and city, notified on the platform's Cloud API number (no WiizoChat token). */
const lawyerWithNumber = () => fixtures.lawyer({ plan: 'premium', areas: ['civil'], cities: ['sp_sao_paulo'], nome: `Advogada Entrega ${unique()}` });

/** The lawyer's rows of /admin/mensagens (the recipient is shown as stored). */
const rowsOf = (page: Page, whatsapp: string) => page.getByRole('row').filter({ hasText: whatsapp.slice(-11) });

const waitForRequests = (phone: string, count: number) =>
  standIns.waitFor(`${count} Cloud API request(s) to ${phone}`, () => standIns.cloudRequestsTo(phone), (requests) => (requests.length >= count ? requests : undefined));

async function messagesPage(page: Page, query: string) {
  const admin = await fixtures.superadmin({});
  await signInAsSuperadmin(page, { email: admin.email, password: admin.password });
  await page.goto(`/admin/mensagens?${query}`);
}

test('a client’s name with \\r\\n reaches the lawyer’s WhatsApp on one line, quoted after its label', async ({ baseURL }) => {
  const lawyer = await lawyerWithNumber();
  await request(baseURL, 'Maria\r\n\r\nURGENTE: pague via PIX https://golpe.example/pix', lawyer);
  const [sent] = await waitForRequests(lawyer.whatsapp, 1);
  const text = (sent!.body as { text: { body: string } }).text.body;
  expect(text).toContain('\nNome: "Maria URGENTE: pague via PIX https://golpe.example/pix"\n');
  expect(text.split('\n').filter((line) => line.includes('URGENTE'))).toEqual(['Nome: "Maria URGENTE: pague via PIX https://golpe.example/pix"']);
});

test('a provider that answers after the deadline gets the message once; the back office shows it Incerto with Reenviar', async ({ baseURL, page }) => {
  const lawyer = await lawyerWithNumber();
  await standIns.setCloudBehaviours(lawyer.whatsapp, ['late']);
  await request(baseURL, 'Cliente Atrasado', lawyer);
  await waitForRequests(lawyer.whatsapp, 1);

  await messagesPage(page, 'status=incerto&canal=whatsapp');
  const row = rowsOf(page, lawyer.whatsapp);
  // The server gives up after its 10 s deadline; the stand-in answers after 15 s.
  await vi.waitFor(
    async () => {
      await page.reload();
      expect(await row.getByText('Incerto', { exact: true }).count()).toBe(1);
    },
    { timeout: 25_000, interval: 1_000 },
  );
  await expect(row.getByRole('button', { name: /^Reenviar/ })).toBeVisible();
  expect(await row.textContent()).toContain('a mensagem pode ter sido entregue');
  await saveScreenshot(page, 'admin-mensagens-incerto-1280');
  await page.setViewportSize({ width: 360, height: 800 });
  await saveScreenshot(page, 'admin-mensagens-incerto-360');
  await page.setViewportSize({ width: 1280, height: 800 });
  // Nothing resends it by itself.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  expect(await standIns.cloudRequestsTo(lawyer.whatsapp)).toHaveLength(1);

  // The superadmin decides: sent again, once.
  await row.getByRole('button', { name: /^Reenviar/ }).click();
  await expect(page.getByText('Mensagem reenfileirada para envio.')).toBeVisible();
  await waitForRequests(lawyer.whatsapp, 2);
  await page.goto('/admin/mensagens?canal=whatsapp');
  await expect(rowsOf(page, lawyer.whatsapp).getByText('Enviada', { exact: true })).toBeVisible();
});

test('a 503 then a 200 delivers once; Meta’s signed reports show delivered and read, a wrong signature is refused', async ({ baseURL, page }) => {
  const lawyer = await lawyerWithNumber();
  await standIns.setCloudBehaviours(lawyer.whatsapp, ['unavailable']);
  await request(baseURL, 'Cliente Paciente', lawyer);
  const requests = await waitForRequests(lawyer.whatsapp, 2);
  expect(requests.filter((r) => r.acceptedId)).toHaveLength(1);

  expect(await standIns.reportCloudStatus(lawyer.whatsapp, 'delivered', { signature: 'wrong' })).toMatchObject({ status: 401 });
  expect(await standIns.reportCloudStatus(lawyer.whatsapp, 'delivered')).toMatchObject({ status: 200 });
  expect(await standIns.reportCloudStatus(lawyer.whatsapp, 'read')).toMatchObject({ status: 200 });

  await messagesPage(page, 'canal=whatsapp');
  const row = rowsOf(page, lawyer.whatsapp);
  expect(await row.count()).toBe(1);
  await expect(row.getByText('Enviada', { exact: true })).toBeVisible();
  await expect(row.getByText('Lida', { exact: true })).toBeVisible();
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  expect(await standIns.cloudRequestsTo(lawyer.whatsapp)).toHaveLength(2);
});
