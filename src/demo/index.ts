import { type DemoShop, loadDemoShop } from './kit.js';

export type { DemoProduct, DemoShop } from './kit.js';

/** The shops' data files (src/demo/<city>/<shop>.json), in the demo's order. */
const files = [
  'roma/bottega-di-gianni',
  'roma/forno-monti',
  'roma/ferramenta-trastevere',
  'roma/cartoleria-prati',
  'roma/parafarmacia-san-giovanni',
  'roma/elettronica-tuscolana',
  'milano/libreria-di-brera',
  'milano/ortofrutta-isola',
  'milano/enoteca-sui-navigli',
  'milano/forno-sant-ambrogio',
  'milano/ferramenta-citta-studi',
  'milano/drogheria-sarpi',
  'milano/giocattoli-porta-romana',
];

/**
 * The demo's shops of Rome (the default city) and Milan, each with its shopkeeper and its
 * catalogue: in each city the home page's example searches («pane integrale», «lampadine»,
 * «quaderni») find something. All approved but the Navigli wine shop. The first is the demo
 * shopkeeper's own (`negoziante`). Read from their files when this module loads.
 */
export const demoShops: DemoShop[] = files.map((file) => loadDemoShop(new URL(`./${file}.json`, import.meta.url)));
