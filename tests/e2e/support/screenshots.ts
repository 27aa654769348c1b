import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, expect } from 'vitest';

/** Where the journeys leave their screenshots (the folder scripts/screenshots.ts writes to by default). */
export const shots = '.data/screenshots';

/** The screenshots' folder made before the file's (or block's) tests. */
export function useScreenshots(): void {
  beforeAll(() => {
    mkdirSync(shots, { recursive: true });
  });
}

/** A full-page screenshot `name`.png from the top, once the toasts (which slide over the page for a few seconds) are closed. */
export async function shootFromTop(page: Page, name: string): Promise<void> {
  for (const close of await page.locator('.toast__close').all()) await close.click().catch(() => {});
  await expect.poll(() => page.locator('.toast__close').count()).toBe(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}
