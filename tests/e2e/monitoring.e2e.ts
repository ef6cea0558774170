import type { Page } from 'playwright-core';
import { beforeAll } from 'vitest';
import { findSeriousA11yViolations, formatViolations } from './support/axe';
import { expect, login, saveScreenshot, test } from './support/browser';
import { type CreatedLawyer, fixtures, standIns } from './support/fixtures';

// Process monitoring in the lawyer area (section monitoramento) on the shared server, with the
// built-in simulated court (the default provider) and the platform's WhatsApp Cloud API stand-in: a copy
// of the demo lawyer of this file's own (Plano Intermediário; the fixture door, docs/decisions/0035)
// follows a process, 'Atualizar' brings the simulated movement and its one WhatsApp notification (read
// from the stand-in by her number), and on the free and basic plans the section shows the plan's notice.

const NUMERO = '0018063-19.2013.8.26.0002';
const SECTION = '/area-advogado?section=monitoramento';

let lawyer: CreatedLawyer;
beforeAll(async () => {
  lawyer = await fixtures.lawyer({ copyOfDemoLawyer: true });
});

/** The texts the Cloud API stand-in was asked to send to her number (text messages and the generic template's parameter). */
async function sentTexts(): Promise<string[]> {
  return (await standIns.cloudRequestsTo(lawyer.whatsapp)).map((r) => JSON.stringify(r.body));
}

async function waitForSent(predicate: (texts: string[]) => boolean): Promise<string[]> {
  for (let i = 0; i < 100; i++) {
    const texts = await sentTexts();
    if (predicate(texts)) return texts;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return await sentTexts();
}

const table = (page: Page) => page.getByRole('table', { name: 'Monitoramentos Ativos' });

test('an intermediário lawyer follows a process: checked number, the table, Atualizar with the simulated movement and its one WhatsApp, the test send, removal', async ({ page }) => {
  await login(page, lawyer);
  await page.goto(SECTION);
  await expect(page.getByRole('heading', { name: 'Novo monitoramento' })).toBeVisible();
  await expect(page.getByText('Nenhum processo monitorado ainda.', { exact: false })).toBeVisible();

  // The spec's messages: off the pattern, and right pattern with wrong check digits.
  const numero = page.getByLabel('Número do processo');
  await numero.fill('00180631920138260002');
  await page.getByRole('button', { name: 'Monitorar processo' }).click();
  await expect(page.getByText('Número do processo fora do padrão CNJ.')).toBeVisible();
  await numero.fill('0018063-18.2013.8.26.0002');
  await page.getByRole('button', { name: 'Monitorar processo' }).click();
  await expect(page.getByText('Dígito verificador não confere: confira o número.')).toBeVisible();
  expect(await numero.inputValue()).toBe('0018063-18.2013.8.26.0002');

  await numero.fill(NUMERO);
  await page.getByLabel('Tribunal').selectOption('todos');
  await page.getByLabel('Frequência').selectOption('SEMANAL');
  await page.getByRole('button', { name: 'Monitorar processo' }).click();
  await expect(page.getByText('Monitoramento criado! O status será atualizado automaticamente pelo sistema de demonstração.')).toBeVisible();
  const row = table(page).getByRole('row', { name: new RegExp(NUMERO.replaceAll('.', '\\.')) });
  await expect(row).toBeVisible();
  expect(await row.innerText()).toMatch(/TJSP[\s\S]*Pendente[\s\S]*\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  await expect(page.getByText('1 de 5 processos do seu plano')).toBeVisible();

  // The same number again for the same lawyer.
  await page.getByLabel('Número do processo').fill(NUMERO);
  await page.getByRole('button', { name: 'Monitorar processo' }).click();
  await expect(page.getByText('Este processo já está sendo monitorado na sua conta.')).toBeVisible();

  // The row opens the details; 'Atualizar' asks the simulated court now.
  await page.getByRole('link', { name: `Ver detalhes do processo ${NUMERO}` }).click();
  const dialog = page.getByRole('dialog', { name: `Processo ${NUMERO}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Nenhuma movimentação registrada ainda.')).toBeVisible();
  await expect(dialog.getByText('Semanal')).toBeVisible();
  await dialog.getByRole('button', { name: 'Atualizar' }).click();
  await expect(page.getByText('Processo verificado: 1 movimentação nova.')).toBeVisible();
  const updated = page.getByRole('dialog', { name: `Processo ${NUMERO}` });
  await expect(updated.getByText('Encontrado')).toBeVisible();
  const movement = updated.getByRole('listitem').first();
  await expect(movement).toBeVisible();
  expect(await movement.innerText()).toMatch(/^(ANDAMENTO|DECISÃO|DESPACHO|SENTENÇA)\s+\d{2}\/\d{2}\/\d{4}/);
  const violations = await findSeriousA11yViolations(page);
  expect(violations, formatViolations(violations)).toEqual([]);
  await saveScreenshot(page, 'monitoring-details-1280');

  // Exactly one WhatsApp for the one new movement, through the platform's Cloud API number.
  const texts = await waitForSent((t) => t.some((text) => text.includes('teve uma nova movimentação')));
  expect(texts.filter((text) => text.includes(`O processo ${NUMERO} teve uma nova movimentação`))).toHaveLength(1);

  await updated.getByRole('button', { name: 'Testar notificação WhatsApp' }).click();
  await expect(page.getByText('Notificação de movimentação enviada com sucesso!')).toBeVisible();
  expect((await sentTexts()).filter((text) => text.includes(`O processo ${NUMERO} teve uma nova movimentação`))).toHaveLength(2);

  await page.getByRole('dialog', { name: `Processo ${NUMERO}` }).getByRole('link', { name: 'Fechar' }).click();
  await expect(page).toHaveURL(SECTION);
  await page.setViewportSize({ width: 360, height: 740 });
  // Nothing wider than the phone: the table scrolls inside its own box.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await saveScreenshot(page, 'monitoring-360');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('link', { name: `Remover o monitoramento do processo ${NUMERO}`, exact: false }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remover monitoramento?' });
  await confirm.getByRole('button', { name: 'Remover' }).click();
  await expect(page.getByText('Monitoramento removido com sucesso')).toBeVisible();
  await expect(page.getByText('Nenhum processo monitorado ainda.', { exact: false })).toBeVisible();
});

test('on the free plan the section shows the spec’s notice; on básico, that monitoring starts at Intermediário', async ({ page }) => {
  await login(page, lawyer);
  for (const [plan, notice, action] of [
    ['Plano Gratuito', 'O monitoramento de processos não está disponível no plano gratuito', 'Ver Planos Disponíveis'],
    ['Plano Básico', 'O monitoramento de processos está disponível a partir do plano Intermediário', 'Atualizar plano'],
  ] as const) {
    await page.goto('/planos');
    await page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 2, name: plan, exact: true }) })
      .getByRole('button', { name: 'Assinar Agora' })
      .click();
    // The confirmation (decision 0045): the dialog once hydrated, the confirmation page before.
    await page.getByRole('button', { name: 'Confirmar', exact: true }).click();
    await expect(page.getByText(`Plano atual: ${plan}`)).toBeVisible();
    await page.goto(SECTION);
    await expect(page.getByText(notice, { exact: false })).toBeVisible();
    // (On básico the messaging card above offers 'Atualizar plano' too.)
    await expect(page.getByRole('main').getByRole('link', { name: action }).last()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Monitorar processo' })).not.toBeVisible();
  }
});
