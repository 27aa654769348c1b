import { describe, expect, it } from 'vitest';
import { boundaryErrors } from './support/boundaries.js';

/*
 * The web takes its types from the server's contracts, never their code: a contract's module runs
 * the server's zod setup (platform/http/schemas.ts sets zod's error map for the whole process) and
 * would ship every schema to the browser. Only the pure domain helpers (@platform/domain) and the
 * modules' Italian names of their states (@labels/<module>) run there, and a module's file of pure
 * code (@pure/<module>/<file>), each with a closure of pure files and zod alone
 * (src/architecture.unit.test.ts follows it to the end).
 *
 * ESLint holds the web's imports to it (eslint/boundaries.js, `npm run lint`); here, that its rules say so.
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
});
