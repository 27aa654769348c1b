import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { hangAfter } from '../../support/time-limits.js';

/** How wide the page is laid out, in CSS pixels: wider than the screen means a sideways scroll. */
export const pageWidth = (page: Page): Promise<number> => page.evaluate(() => document.documentElement.scrollWidth);

/**
 * No sideways scroll at `width`, once the page is still: polled, since a toast slides in from the
 * side for a moment and a lazy part (a map, a chart) may widen the page before it settles.
 */
export async function noSideScroll(page: Page, width: number): Promise<void> {
  await expect.poll(() => pageWidth(page), { timeout: hangAfter(10_000) }).toBeLessThanOrEqual(width);
}

/**
 * What overflows, measured: the page, the elements `containers` select that scroll sideways, and
 * those `texts` selects whose text is cut. Empty when everything fits.
 */
export function overflows(page: Page, containers: string[], texts: string[] = []): Promise<string[]> {
  return page.evaluate(
    ({ containers, texts }) => {
      const wider = (e: Element) => e.scrollWidth > e.clientWidth + 1;
      const doc = document.documentElement;
      return [
        ...(wider(doc) ? [`page ${doc.scrollWidth} > ${doc.clientWidth}`] : []),
        ...containers.flatMap((s) =>
          Array.from(document.querySelectorAll(s))
            .filter(wider)
            .map((e) => `${s} ${e.scrollWidth} > ${e.clientWidth}`),
        ),
        ...texts.flatMap((s) =>
          Array.from(document.querySelectorAll(s))
            .filter(wider)
            .map((e) => `«${e.textContent}» cut (${e.scrollWidth} > ${e.clientWidth})`),
        ),
      ];
    },
    { containers, texts },
  );
}
