import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Tab } from './browser.js';

/** axe-core, as the browser runs it: evaluated in the page (not a script tag, which the app's CSP would refuse). */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The rules of WCAG 2.0, 2.1 and 2.2 at levels A and AA (axe's tags). */
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  nodes: { target: string[]; html: string }[];
}

/**
 * The serious and critical violations of WCAG 2.2 A/AA rules on the page as it is now, each as a
 * line: the rule, what it asks, and where (the first elements, by selector and the start of their HTML).
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const { violations } = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.map((n) => ({ target: n.target.map(String), html: n.html.slice(0, 160) })) }));
  }, wcagTags);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(' ')} ${n.html}`)
          .join(', ')}${v.nodes.length > 3 ? ` e altri ${v.nodes.length - 3}` : ''}`,
    );
}

/**
 * No serious or critical violation of WCAG 2.2 A/AA on the page as it stays (axe-core): read once
 * its animations have ended, and a finding read again after they end once more (a tooltip fading
 * in as the keyboard's focus reached its element is not a barrier half-way through its fade).
 */
export async function accessible(page: Page): Promise<void> {
  await settled(page);
  let found = await seriousViolations(page);
  if (found.length) {
    await settled(page);
    found = await seriousViolations(page);
  }
  expect(found, `accessibilità di ${new URL(page.url()).pathname}`).toEqual([]);
}

/**
 * A page a menu opened: it shows its heading (polled, it may load on demand) and none of the
 * `notFound` texts; answers axe-core's serious and critical findings there, each after the path.
 */
export async function barriersOfOpenedPage(page: Page, path: string, notFound: readonly string[], message = path): Promise<string[]> {
  await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent(), { message }).toBeTruthy();
  for (const text of notFound) expect(await page.getByText(text).count(), path).toBe(0);
  return (await seriousViolations(page)).map((v) => `${path}: ${v}`);
}

/**
 * Until the page's finite animations and transitions have ended (a dialog fading in, a toast
 * sliding), at most `ms`: axe reads colours as they stay, not half-way through a fade. Endless ones
 * (a spinner, a skeleton's pulse) are not waited for.
 */
async function settled(page: Page, ms = 2_000): Promise<void> {
  await page.evaluate(
    (ms) =>
      Promise.race([
        Promise.all(
          document
            .getAnimations()
            .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
            .map((a) => a.finished.catch(() => {})),
        ),
        new Promise((resolve) => setTimeout(resolve, ms)),
      ]),
    ms,
  );
}

/**
 * Issue [19]: axe-core at every checkpoint of a journey. Each screenshot a journey saves (a file:
 * the places its author looked at) waits for the page's animations to end and is followed by axe
 * on the page as shown, and its serious and
 * critical findings are kept in the tab's `barriers`, named after the screenshot and the path:
 * the journey fails on any (useJourney).
 */
export function checkedAtScreenshots(tab: Tab): void {
  const { page } = tab;
  const take = page.screenshot.bind(page);
  page.screenshot = async (options) => {
    // The picture, too, as the page stays (a dialog taken half-way through its fade shows the page through it).
    if (options?.path) await settled(page);
    const image = await take(options);
    if (options?.path) {
      const where = `${basename(options.path)} (${new URL(page.url()).pathname})`;
      // What appeared while the picture was taken (a notice sliding in) is read once it has settled.
      await settled(page);
      let found = await seriousViolations(page);
      if (found.length) {
        // A finding read half-way through a fade is gone once it ends: only what stays is a barrier.
        await settled(page);
        const again = new Set(await seriousViolations(page));
        found = found.filter((v) => again.has(v));
      }
      tab.barriers.push(...found.map((v) => `${where}: ${v}`));
    }
    return image;
  };
}
