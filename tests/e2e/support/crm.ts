import type { Locator, Page } from 'playwright-core';
import { expect, waitForHydration } from './browser';
import { fixtures } from './fixtures';

// The CRM board as the journeys on a lead open it (lead history, follow-ups).

export const CRM = '/area-advogado?section=crm';

/** A lead's card on the board, by the client's name. */
export const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

/** A copy of the demo lawyer of the test's own, signed in (civil law: other files' family-law requests stay off her board). */
export const newDemoCopyLawyer = () => fixtures.lawyer({ copyOfDemoLawyer: true, areas: ['civil'], signIn: true });

/** Opens the board (waiting for it to hydrate when the page has JavaScript) and the lead's dialog from its card. */
export async function openLeadDialog(page: Page, name: string, { javaScript }: { javaScript: boolean }): Promise<Locator> {
  await page.goto(CRM);
  if (javaScript) {
    await waitForHydration(page);
    await page.waitForSelector('[data-board-ready]', { state: 'attached' });
  }
  await card(page, name).getByRole('link', { name, exact: true }).click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  return dialog;
}
