import { launchBrowser, openTab } from './tests/e2e/support/browser.ts';
const base = 'http://127.0.0.1:3571';
for (let i = 0; i < 120; i++) { try { if ((await fetch(base + '/api/health')).ok) break; } catch {} await new Promise((r) => setTimeout(r, 1000)); }
const browser = await launchBrowser();
for (const width of [375, 1280]) {
  const tab = await openTab(browser, base, width);
  const page = tab.page;
  await page.goto(base + '/auth');
  await page.getByLabel('Username').fill('negoziante');
  await page.getByLabel('Password').fill('vicino-negozio');
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  await page.waitForLoadState('networkidle');
  await page.goto(base + '/shopkeeper/credits');
  await page.getByText('Movimenti', { exact: true }).first().waitFor();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/credits-${width}.png`, fullPage: true });
  await tab.page.context().close();
}
await browser.close();
