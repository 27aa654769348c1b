import { describe, expect, it } from 'vitest';
import { boundaryErrors } from './support/boundaries.js';

/*
 * The web takes its types from the server's contracts, never their code: a contract's module runs
 * the server's zod setup (platform/http/schemas.ts sets zod's error map for the whole process) and
 * would ship every schema to the browser. Only the pure domain helpers (@platform/domain) and the
 * modules' Italian names of their states (@labels/<module>) run there, and a module's file of pure
 * code (@pure/<module>/<file>) that imports nothing but types.
 *
 * ESLint holds the tree to it (eslint/boundaries.js, `npm run lint`); here, that its rules say so.
 */

describe('the web app and the server code', () => {
  it('reads the contracts and the contract kit only for their types', async () => {
    const file = 'web/src/features/orders/api.ts';
    for (const from of ['@contracts/orders', '@platform/http/contract'])
      expect(await boundaryErrors(file, `import { ordersApi } from '${from}';`), from).toEqual([
        expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: .*only for their types/),
      ]);
    expect(await boundaryErrors(file, "import type { OrderDetail } from '@contracts/orders';\nimport { type ResponseOf } from '@platform/http/contract';")).toEqual([]);
    expect(await boundaryErrors(file, "import { distanceKm } from '@platform/domain/geo';\nimport { orderStatusLabels } from '@labels/orders';")).toEqual([]);
  });

  it('reaches the server only through its aliases', async () => {
    expect(await boundaryErrors('web/src/features/orders/api.ts', "import { orderDecider } from '../../../../src/modules/orders/order';")).toEqual([
      expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: .*only through its aliases/),
    ]);
    expect(await boundaryErrors('web/src/features/orders/api.ts', "import { apiRequest } from '../../lib/client';")).toEqual([]);
  });

  it("runs of the server's modules only files that import nothing but types: their labels.ts and the @pure files the web names", async () => {
    // email/render is one of the @pure files the web imports (web/src/features/email).
    for (const file of ['src/modules/orders/labels.ts', 'src/modules/email/render.ts']) {
      expect(await boundaryErrors(file, "import { z } from 'zod';"), file).toEqual([expect.stringMatching(/imports nothing but types/)]);
      expect(await boundaryErrors(file, "import { money } from '../../platform/domain/format.js';"), file).toEqual([expect.stringMatching(/imports nothing but types/)]);
      expect(await boundaryErrors(file, "import type { OrderStatus } from './contract.js';"), file).toEqual([]);
    }
    // A module's other files are not run by the web.
    expect(await boundaryErrors('src/modules/orders/queries.ts', "import { z } from 'zod';")).toEqual([]);
  });
});
