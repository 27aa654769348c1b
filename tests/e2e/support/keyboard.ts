import type { Locator, Page } from 'playwright-core';

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has the focus, at most `limit` times, as
 * someone without a mouse would: fails when the keyboard never reaches it.
 */
export async function tabTo(page: Page, target: Locator, { limit = 80, back = false }: { limit?: number; back?: boolean } = {}): Promise<void> {
  await target.waitFor();
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await target.evaluate((element) => element === document.activeElement || element.contains(document.activeElement))) return;
  }
  const focused = await page.evaluate(() => {
    const element = document.activeElement;
    return element ? `${element.tagName.toLowerCase()} «${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 60)}»` : 'niente';
  });
  throw new Error(`${String(target)}: not reached with ${back ? 'Shift+Tab' : 'Tab'} in ${limit} presses (the focus is on ${focused})`);
}

/** Tabs to `target` and presses Enter on it. */
export async function enterOn(page: Page, target: Locator, options?: { limit?: number; back?: boolean }): Promise<void> {
  await tabTo(page, target, options);
  await page.keyboard.press('Enter');
}
