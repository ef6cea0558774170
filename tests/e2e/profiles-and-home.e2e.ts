import { describe, inject } from 'vitest';
import { findSeriousA11yViolations, formatViolations } from './support/axe';
import { expect, login, saveScreenshot, test, VIEWPORTS, waitForHydration } from './support/browser';
import { fixtures } from './support/fixtures';

// Issue 27, parts 4 and 5: a lawyer says who they are (Advogada, years of practice, languages) and the
// public profile and cards show it; the home hero starts the search, with and without JavaScript; a
// pending lawyer is asked for a photo; a rejected one is given the support contact. Every journey at
// 360 and 1280 px. Each test makes its own lawyers on the shared server (the fixture door).

const THIS_YEAR = Number(new Intl.DateTimeFormat('en-US', { timeZone: 'America/Sao_Paulo', year: 'numeric' }).format(new Date()));
const SUPPORT = inject('settings').company;
const VIEWPORT_NAMES = Object.keys(VIEWPORTS) as Array<keyof typeof VIEWPORTS>;

describe.each(VIEWPORT_NAMES)('at %s width', (viewport) => {
  test("a lawyer chooses 'Advogada', the year of inscription and languages: the profile and the card show them", async ({ openPage }) => {
    // A city and area of its own, so the search's card is on the first page.
    const lawyer = await fixtures.lawyer({ nome: 'Helena Duarte Prado', areas: ['arbitragem'], cities: ['ac_rio_branco', 'ro_porto_velho'] });
    const page = await openPage({ viewport });
    await login(page, lawyer);
    await page.goto('/editar-perfil');
    await waitForHydration(page);
    const formViolations = await findSeriousA11yViolations(page);
    expect(formViolations, formatViolations(formViolations)).toEqual([]);
    // Until chosen, the title reads 'Advogado' (the default).
    expect(await page.getByLabel('Advogado', { exact: true }).isChecked()).toBe(true);

    await page.getByLabel('Advogada', { exact: true }).check();
    await page.getByLabel('Ano da primeira inscrição na OAB (opcional)').fill(String(THIS_YEAR + 1));
    await page.getByLabel('Formação (opcional)').fill('Direito pela UFAC; mestrado em Arbitragem');
    await page.getByLabel('Português').check();
    await page.getByLabel('Espanhol').check();
    await page.getByLabel('Atende online (por videochamada)').check();
    await page.getByRole('button', { name: 'Salvar Alterações' }).click();
    // A year in the future is refused on its field; what was typed stays.
    await expect(page.getByText('O ano não pode estar no futuro').last()).toBeVisible();
    expect(await page.getByLabel('Advogada', { exact: true }).isChecked()).toBe(true);
    expect(await page.getByLabel('Espanhol').isChecked()).toBe(true);

    await page.getByLabel('Ano da primeira inscrição na OAB (opcional)').fill(String(THIS_YEAR - 12));
    await page.getByRole('button', { name: 'Salvar Alterações' }).click();
    await expect(page).toHaveURL('/area-advogado?section=perfil');
    await expect(page.getByText('Perfil atualizado com sucesso!')).toBeVisible();
    await expect(page.getByText(`12 anos de advocacia (inscrição na OAB desde ${THIS_YEAR - 12})`)).toBeVisible();

    // A visitor (the profile is rendered on the server only: what the HTML says).
    const visitor = await openPage({ viewport });
    await visitor.goto(`/advogado/${lawyer.slug}`);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Helena Duarte Prado' })).toBeVisible();
    await expect(visitor.getByText(/^Advogada OAB\/AC \d+$/)).toBeVisible();
    await expect(visitor.getByText('12 anos de advocacia · Atende online')).toBeVisible();
    await expect(visitor.getByText('Português, Espanhol')).toBeVisible();
    await expect(visitor.getByText('Direito pela UFAC; mestrado em Arbitragem')).toBeVisible();
    // The contact card lists the cities served.
    await expect(visitor.getByText('Porto Velho - RO, Rio Branco - AC')).toBeVisible();
    await expect(visitor.getByText('Múltiplas cidades')).not.toBeVisible();
    await saveScreenshot(visitor, `${VIEWPORTS[viewport].width}_profile_details`);
    const violations = await findSeriousA11yViolations(visitor);
    expect(violations, formatViolations(violations)).toEqual([]);

    await visitor.goto('/busca?area=arbitragem&cidade=ac_rio_branco');
    // This test's own lawyer (each width makes one of the same name).
    const card = visitor.getByRole('article').filter({ has: visitor.locator(`h2 a[href="/advogado/${lawyer.slug}"]`) });
    await expect(card.getByText('Advogada · 12 anos de advocacia · Atende online')).toBeVisible();
  });

  test.for([true, false])('the home hero search lands on /busca with the filters (JavaScript: %s)', async (javaScriptEnabled, { openPage }) => {
    const page = await openPage({ viewport, javaScriptEnabled });
    await page.goto('/');
    const hero = page.getByRole('search', { name: 'Buscar advogados' });
    await expect(hero).toBeVisible();
    await expect(page.getByText('advogados verificados', { exact: true })).toBeVisible();
    await expect(page.getByText('áreas de atuação', { exact: true })).toBeVisible();
    // A few lawyers with a photo (the seed's portraits), each a link to the profile.
    const featured = page.getByRole('region', { name: 'Alguns advogados do diretório' });
    await expect(featured.getByRole('img', { name: /^Foto de / }).first()).toBeVisible();
    expect(await featured.getByRole('img', { name: /^Foto de / }).count()).toBeGreaterThan(0);
    if (javaScriptEnabled) {
      await saveScreenshot(page, `${VIEWPORTS[viewport].width}_home_hero`);
      const violations = await findSeriousA11yViolations(page);
      expect(violations, formatViolations(violations)).toEqual([]);
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS[viewport].width);
    }

    await hero.getByLabel('Área de atuação').selectOption('familia');
    await hero.getByLabel('Cidade').selectOption('sp_sao_paulo');
    await hero.getByRole('button', { name: 'Encontrar Advogado' }).click();
    await expect(page).toHaveURL('/busca?area=familia&cidade=sp_sao_paulo');
    await expect(page.getByRole('heading', { name: /\d+ advogados? encontrados?/ })).toBeVisible();
    expect(await page.getByLabel('Área de atuação', { exact: true }).inputValue()).toBe('familia');
    expect(await page.getByLabel('Cidade', { exact: true }).inputValue()).toBe('sp_sao_paulo');
  });

  test("a pending lawyer's waiting page asks for a photo first and leads to the profile, not to a sales page", async ({ openPage }) => {
    const lawyer = await fixtures.lawyer({ status: 'pending' });
    const page = await openPage({ viewport });
    await login(page, lawyer);
    await expect(page).toHaveURL('/perfil-em-analise');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Enquanto isso, adicione sua foto' })).toBeVisible();
    await expect(main.getByText('Adicione sua foto', { exact: true })).toBeVisible();
    expect(await main.getByRole('progressbar').getAttribute('aria-valuenow')).toMatch(/^\d+$/);
    expect(await main.locator('a[href="/por-que-se-registrar"], a[href="/planos"]').count()).toBe(0);
    await saveScreenshot(page, `${VIEWPORTS[viewport].width}_under_review`);
    const violations = await findSeriousA11yViolations(page);
    expect(violations, formatViolations(violations)).toEqual([]);
    await main.getByRole('link', { name: 'Completar meu perfil' }).click();
    await expect(page).toHaveURL('/editar-perfil');
  });

  test('a rejected lawyer is shown the support contact at /login', async ({ openPage }) => {
    const lawyer = await fixtures.lawyer({ status: 'rejected' });
    const page = await openPage({ viewport });
    // Not login(): the answer comes back to /login.
    await page.goto('/login');
    await page.getByLabel('Email').fill(lawyer.email);
    await page.getByLabel('Senha').fill(lawyer.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL('/login?conta=rejeitada');
    const notice = page.getByRole('region', { name: 'Sua conta foi rejeitada' });
    await expect(notice).toBeVisible();
    expect(await notice.getByRole('link', { name: SUPPORT.email }).getAttribute('href')).toBe(`mailto:${SUPPORT.email}`);
    expect(await notice.getByRole('link', { name: '(11) 98765-4321' }).getAttribute('href')).toMatch(/^https:\/\/wa\.me\/5511987654321\?text=/);
    await saveScreenshot(page, `${VIEWPORTS[viewport].width}_rejected_login`);
  });
});
