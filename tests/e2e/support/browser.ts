import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { hangAfter } from '../../support/time-limits.js';

/** Debian's Chromium (design §6): never a downloaded browser. */
export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const hasBrowser = existsSync(chromePath);

if (!hasBrowser) {
  if (process.env.CI === 'true') throw new Error(`No Chromium at ${chromePath}: .ci/run installs it (apt-get install -y chromium).`);
  console.warn(`Browser journeys skipped: no Chromium at ${chromePath}. Install it with "apt-get install -y chromium" or set CHROME_PATH.`);
}

/**
 * Measured for issue [25] (Chromium's CPU seconds per journey file, 2 runs each): contexts asking for
 * `reducedMotion: 'reduce'` cut auth by ~3 % and menu-pages by ~19 % (checkout not at all), and
 * `--disable-gpu-compositing` by ~2-11 %: neither is worth changing what the journeys run in. Two
 * thirds of Chromium's CPU is its renderers (the app's scripts, styles and layout), not drawing.
 */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}

export interface Tab {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors of the page: a journey fails on any. */
  errors: string[];
  /** Serious accessibility barriers axe found at the journey's checkpoints (support/accessibility.ts): a journey fails on any. */
  barriers: string[];
}

/**
 * A fresh browser profile (no cookies) at the given width, recording page errors; `timezoneId` sets the browser's clock zone.
 * The notice of technical cookies is taken as read (it would sit over what a journey clicks), unless `cookieNotice` asks to see it.
 */
export async function openTab(
  browser: Browser,
  baseURL: string,
  width = 1280,
  { timezoneId, cookieNotice = false }: { timezoneId?: string; cookieNotice?: boolean } = {},
): Promise<Tab> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: width < 500 ? 800 : 900 }, locale: 'it-IT', ...(timezoneId ? { timezoneId } : {}) });
  if (!cookieNotice) await context.addInitScript(() => window.localStorage.setItem('vicino-avviso-cookie', 'letto nei test'));
  // A click or a navigation waits for its element or page as long as a loaded machine needs (issue [25]).
  context.setDefaultTimeout(hangAfter(30_000));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    // A failed request the app expects (401 for "no user", a list that falls back to empty) is not a page error.
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) errors.push(message.text());
  });
  return { context, page, errors, barriers: [] };
}
