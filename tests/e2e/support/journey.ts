import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { checkedAtScreenshots } from './accessibility.js';
import { hasBrowser, launchBrowser, openTab, type Tab } from './browser.js';
import { startSite, type RunningSite } from './server.js';

export interface Journey {
  /** The seeded site of this file (API and built web app on 127.0.0.1). */
  readonly site: RunningSite;
  /** A fresh browser profile: one person, at the given width (and clock zone). */
  tab(width?: number, options?: { timezoneId?: string; cookieNotice?: boolean }): Promise<Tab>;
}

/** A page's address and the start of its text, for a failed journey's report. */
async function whereItStood({ page, errors }: Tab): Promise<string> {
  const text = await page
    .locator('body')
    .innerText({ timeout: 5_000 })
    .catch((error: unknown) => `(illeggibile: ${String(error)})`);
  return `pagina ${page.url()}:\n${text.slice(0, 2_000)}${errors.length ? `\nerrori: ${errors.join(' | ')}` : ''}`;
}

/**
 * The frame of a journey file, called once at its top: one seeded site (its `config` read when it
 * starts, after the file's loopback providers) and one Chromium for the file, a fresh tab per person, and every test fails on an error in any of its pages, or on a
 * serious accessibility barrier at any of its screenshots (checkedAtScreenshots).
 * Without Chromium nothing starts (the suites skip themselves with `describe.skipIf(!hasBrowser)`).
 */
export function useJourney({ config }: { config?: () => Parameters<typeof startSite>[0] } = {}): Journey {
  let site: RunningSite | undefined;
  let browser: Browser | undefined;
  const tabs: Tab[] = [];
  if (hasBrowser) {
    beforeAll(async () => {
      site = await startSite(config?.());
      browser = await launchBrowser();
    });
    afterAll(async () => {
      await browser?.close();
      await site?.close();
    });
    afterEach(async ({ task }) => {
      // A failed journey tells where each of its pages stood: the address and what it showed.
      if (task.result?.state === 'fail') for (const t of tabs) console.log(await whereItStood(t));
      for (const t of tabs.splice(0)) {
        const [errors, barriers] = [[...t.errors], [...t.barriers]];
        await t.context.close();
        expect(errors, 'errors in the page').toEqual([]);
        expect(barriers, 'accessibility (axe-core, WCAG 2.2 A/AA) at the screenshots').toEqual([]);
      }
    });
  }
  return {
    get site() {
      if (!site) throw new Error('The site starts in beforeAll.');
      return site;
    },
    async tab(width = 1280, options = {}) {
      const t = await openTab(browser!, site!.url, width, options);
      checkedAtScreenshots(t);
      tabs.push(t);
      return t;
    },
  };
}

/**
 * The demo admin on a new tab at 1280 px, logged in, on the back office's collaborators list,
 * reached as spec §2 has it: from the collaboration management (which leads to reports and cases too).
 */
export async function adminOnCollaborators(journey: Journey): Promise<Tab> {
  const back = await journey.tab(1280);
  await logIn(back.page, 'admin', 'vicino-admin');
  await back.page.goto('/admin/collaboration-management');
  await back.page
    .getByRole('link', { name: /Collaboratori/ })
    .first()
    .click();
  await back.page.waitForURL((url) => url.pathname === '/admin/collaborators');
  return back;
}

/** Logs in through the login form and waits for the home page. */
export async function logIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/**
 * Fills the registration form at `from` (terms accepted) with a person's details, each
 * overridable, leaving it to the test to send.
 */
export async function fillRegistration(
  page: Page,
  fields: Partial<Record<'username' | 'name' | 'email' | 'password' | 'confirm', string>> = {},
  from = '/auth?tab=register',
): Promise<void> {
  const f = { username: 'marco.v', name: 'Marco Verdi', email: 'marco@esempio.it', password: 'segreta1', confirm: 'segreta1', ...fields };
  await page.goto(from);
  await page.getByLabel('Username').fill(f.username);
  await page.getByLabel('Nome completo').fill(f.name);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(f.email);
  await page.getByLabel(/^Password/).fill(f.password);
  await page.getByLabel('Conferma password').fill(f.confirm);
  await page.getByLabel(/Accetto i termini/).check();
}

/** The session cookie of `username` logged in through the API (throws unless the login answers 200). */
export async function loginCookie(base: string, username: string, password: string): Promise<string> {
  const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  if (login.status !== 200) throw new Error(`login of ${username}: ${login.status}`);
  return login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/**
 * A logged-in API session that answers each call's Response as it is, for a test that checks the
 * statuses itself.
 */
export async function fetchSession(base: string, username: string, password: string): Promise<Send> {
  const cookie = await loginCookie(base, username, password);
  return (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, {
      method,
      headers: { cookie, ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
}

/** An API session's call that answers the Response as it is (fetchSession's). */
export type Send = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<Response>;

/** The calls of `send` answering their JSON (null for 204), throwing with the status and the answer when not a success. */
export function answeringJson(send: Send) {
  return async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await send(method, path, body, headers);
    const json = res.status === 204 ? null : await res.json();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
}

/**
 * A logged-in API session for a journey's set-up, as a plain HTTP client would have: a call
 * answers its JSON, and throws with the status and the answer when it is not a success.
 */
export async function apiSession(base: string, username: string, password: string) {
  return answeringJson(await fetchSession(base, username, password));
}

/** A JSON call made by the page's own browser (its cookies, its origin). */
export async function call<T = unknown>(page: Page, method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const answer = await page.evaluate(
    async ({ method, url, body, headers }) => {
      const send = body !== undefined || method !== 'GET';
      const res = await fetch(url, { method, headers: send ? { 'content-type': 'application/json', ...headers } : headers, body: send ? JSON.stringify(body ?? {}) : undefined });
      return { status: res.status, text: await res.text() };
    },
    { method, url, body, headers },
  );
  if (answer.status >= 300) throw new Error(`${method} ${url} answered ${answer.status}: ${answer.text}`);
  return (answer.text ? JSON.parse(answer.text) : null) as T;
}

/**
 * Types `text` in a back-office list's search box (placeholder `placeholder`) and waits until the
 * list took it: react-admin applies a search half a second after the typing, by changing the
 * page's address. A row clicked before then opens, and the search, arriving after, takes the page
 * back to the list (a row already on the list before the search matched it is no sign it was taken).
 */
export async function searchTheList(page: Page, placeholder: string, text: string): Promise<void> {
  await page.getByPlaceholder(placeholder).fill(text);
  const searched = (url: URL) => (JSON.parse(url.searchParams.get('filter') ?? '{}') as { q?: string }).q ?? '';
  await page.waitForURL((url) => searched(url) === text);
}
