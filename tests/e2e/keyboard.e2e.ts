import { expect, test } from './support/browser';

test('on the home page the first Tab reaches the skip link, with a visible focus outline', async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('Tab');

  const focused = await page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    const box = element.getBoundingClientRect();
    return { text: element.textContent?.trim(), href: element.getAttribute('href'), outlineStyle: getComputedStyle(element).outlineStyle, width: box.width, height: box.height };
  });
  expect(focused.text).toBe('Pular para o conteúdo');
  expect(focused.href).toBe('#conteudo');
  expect(focused.outlineStyle).not.toBe('none');
  // Hidden until focused, then shown on screen.
  expect(focused.width).toBeGreaterThan(1);
  expect(focused.height).toBeGreaterThan(1);
  await expect(page.getByRole('link', { name: 'Pular para o conteúdo' })).toBeVisible();
});
