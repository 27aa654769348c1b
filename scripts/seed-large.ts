import { seedLarge } from '../src/seed-large.js';
import { option, withSystem } from './cli.js';

/** npm run seed:large [-- --stores 5000 --products 200000 --users 0]: a country's worth of shops for load tests. */
const stores = Number(option('stores') ?? 5_000);
const products = Number(option('products') ?? 200_000);
const users = Number(option('users') ?? 0);

await withSystem(
  async (system) => {
    const started = performance.now();
    let shown = 0;
    const result = await seedLarge(system.store, {
      stores,
      products,
      users,
      onProgress: (done, total) => {
        if (done - shown >= 10_000 || done === total) {
          shown = done;
          console.log(`… ${done}/${total}`);
        }
      },
    });
    console.log('Aggiorno i modelli di lettura…');
    if (result.last) await system.projections.waitFor(result.last, 600_000);
    console.log(`${stores} negozi, ${products} prodotti e ${users} altri utenti in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  },
  { runProjections: true },
);
