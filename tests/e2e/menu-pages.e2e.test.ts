import { describe, expect, it } from 'vitest';
import { barriersOfOpenedPage } from './support/accessibility.js';
import { hasBrowser } from './support/browser.js';
import { logIn, useJourney } from './support/journey.js';

const journey = useJourney();

/** Pages spec §2 menus link and the first version never registered. */
const neverRegistered = {
  shopkeeper: ['/shopkeeper/analytics', '/shopkeeper/settings', '/shopkeeper/collaborations'],
  collaborator: ['/collaborator/tasks', '/collaborator/assignments', '/collaborator/earnings', '/collaborator/profile'],
  customer: ['/customer/settings'],
};

const demo = {
  shopkeeper: ['negoziante', 'vicino-negozio'],
  collaborator: ['collaboratore', 'vicino-collabora'],
  customer: ['cliente', 'vicino-cliente'],
} as const;

describe.skipIf(!hasBrowser)('every menu link leads somewhere, in Chromium', () => {
  // One test a role, each with its own time: together they were near one test's limit on a busy machine.
  for (const [role, [username, password]] of Object.entries(demo) as [keyof typeof demo, readonly [string, string]][]) {
    it(`opens each sidebar link of the ${role}, never the 404, each without a serious accessibility violation`, async () => {
      // axe-core's serious and critical findings on every page opened, all told at the end.
      const barriers: string[] = [];
      const { page } = await journey.tab();
      await logIn(page, username, password);
      await page.goto(`/dashboard/${role}`);
      const nav = page.getByRole('navigation').first();
      await nav.getByRole('link').first().waitFor();
      const links = await nav.getByRole('link').evaluateAll((as) => as.map((a) => [a.textContent ?? '', new URL((a as HTMLAnchorElement).href).pathname] as const));
      expect(
        links.map(([, path]) => path),
        role,
      ).toEqual(expect.arrayContaining(neverRegistered[role]));
      for (const [label, path] of links) {
        await nav.getByRole('link', { name: label, exact: true }).click();
        await page.waitForURL((url) => url.pathname === path);
        barriers.push(...(await barriersOfOpenedPage(page, path, ['404 Page Not Found'])));
      }
      expect(barriers).toEqual([]);
    });
  }
});
