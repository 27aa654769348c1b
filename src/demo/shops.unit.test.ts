import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { canonicalJson } from '../platform/commands/idempotency.js';
import { demoShops } from './index.js';
import { demoShopFile, loadDemoShop } from './kit.js';

/**
 * Each shop as the TypeScript files of the demo stated it before they became data files (taken
 * from them once): its owner, its number of products, and the start of the SHA-256 of its canonical
 * JSON (keys sorted). A change to a shop's data changes its row: when it is meant, write the row
 * this test shows into shops.unit.test.json.
 */
const before: unknown = JSON.parse(readFileSync(new URL('./shops.unit.test.json', import.meta.url), 'utf8'));

const fingerprint = (value: unknown) => createHash('sha256').update(canonicalJson(value)).digest('hex').slice(0, 16);

describe('the demo shops read from their data files', () => {
  it('are the shops the TypeScript files stated, in the same order, to the last field', () => {
    expect(demoShops.map((shop) => [shop.owner.username, shop.products.length, fingerprint(shop)])).toEqual(before);
  });

  it('keep a product’s optional category and barcode as the tuple had them (none left as undefined)', () => {
    const bottega = demoShops[0]!;
    expect(bottega.products[0]).toEqual(['Pomodori San Marzano DOP', 'Pelati San Marzano dell’Agro Sarnese-Nocerino, latta da 400 g.', 2.9, 40, 'alimentari', '8001234500011']);
    expect(bottega.products[1]).toHaveLength(4);
    expect(demoShops.flatMap((shop) => shop.products).every((row) => row.every((cell) => cell !== undefined))).toBe(true);
    expect(bottega.profile).toMatchObject({
      shippingEnabled: true,
      pickupOnly: false,
      shippingCostCents: 490,
      minimumOrderForShippingCents: 2000,
      freeShippingThresholdCents: 5000,
    });
    expect(bottega.profile.openingHours).toEqual({
      '0': [],
      '1': [
        { open: '08:30', close: '13:30' },
        { open: '16:30', close: '19:30' },
      ],
      '2': expect.any(Array),
      '3': expect.any(Array),
      '4': expect.any(Array),
      '5': expect.any(Array),
      '6': [{ open: '08:30', close: '13:30' }],
    });
  });
});

describe('a demo shop file that breaks the schema', () => {
  const folder = mkdtempSync(join(tmpdir(), 'vicino-demo-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const good = JSON.parse(readFileSync(new URL('./roma/forno-monti.json', import.meta.url), 'utf8')) as z.input<typeof demoShopFile>;
  const write = (name: string, text: string) => {
    const path = join(folder, name);
    writeFileSync(path, text);
    return pathToFileURL(path);
  };
  const broken = (name: string, change: (data: z.input<typeof demoShopFile>) => void) => {
    const data = structuredClone(good);
    change(data);
    return write(name, JSON.stringify(data));
  };

  it('stops the load with the file’s name and the path of each wrong field', () => {
    const file = broken('forno.json', (data) => {
      Object.assign(data.products[3]!, { price: '4,80' });
      data.profile.openingHours.sunday = [['13:00', '08:00']];
    });
    const error = (() => {
      try {
        loadDemoShop(file);
      } catch (thrown) {
        return thrown as Error;
      }
      throw new Error('loaded');
    })();
    expect(error.message).toContain(join(folder, 'forno.json'));
    expect(error.message).toContain('products[3].price');
    expect(error.message).toContain('profile.openingHours.0');
  });

  it('refuses a field the schema does not know (a misspelt one would be lost silently)', () => {
    expect(() => loadDemoShop(broken('typo.json', (data) => Object.assign(data.products[0]!, { barcod: '8001234500011' })))).toThrow(/barcod[\s\S]*products\[0\]/);
  });

  it('refuses a category that is not one of the catalogue’s', () => {
    expect(() => loadDemoShop(broken('category.json', (data) => Object.assign(data.profile, { category: 'panetteria-pasticceria' })))).toThrow(/profile\.category/);
  });

  it('names the file when it is not JSON at all', () => {
    expect(() => loadDemoShop(write('cut.json', '{ "about": "A bakery'))).toThrow(/cut\.json/);
  });
});
