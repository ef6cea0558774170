// Screenshots of pages at 360 px and 1280 px, to look at what was built:
//   npx tsx scripts/screenshots.ts http://localhost:3000 / /busca /advogado/<slug>
import fs from 'node:fs';
import { chromium } from 'playwright-core';

const [base = 'http://localhost:3000', ...paths] = process.argv.slice(2);
const out = 'test-results/screenshots';
fs.mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
for (const width of [360, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: 800 } });
  for (const path of paths.length ? paths : ['/']) {
    await page.goto(base + path, { waitUntil: 'networkidle' });
    const name = `${out}/${width}${path.replace(/[^a-z0-9]+/gi, '_')}.png`;
    await page.screenshot({ path: name, fullPage: true });
    console.log(name);
  }
  await page.close();
}
await browser.close();
