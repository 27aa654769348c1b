import type { DemoShop } from './kit.js';
import { bottegaDiGianni } from './roma/bottega-di-gianni.js';
import { cartoleriaPrati } from './roma/cartoleria-prati.js';
import { elettronicaTuscolana } from './roma/elettronica-tuscolana.js';
import { ferramentaTrastevere } from './roma/ferramenta-trastevere.js';
import { fornoMonti } from './roma/forno-monti.js';
import { parafarmaciaSanGiovanni } from './roma/parafarmacia-san-giovanni.js';
import { drogheriaSarpi } from './milano/drogheria-sarpi.js';
import { enotecaSuiNavigli } from './milano/enoteca-sui-navigli.js';
import { ferramentaCittaStudi } from './milano/ferramenta-citta-studi.js';
import { fornoSantAmbrogio } from './milano/forno-sant-ambrogio.js';
import { giocattoliPortaRomana } from './milano/giocattoli-porta-romana.js';
import { libreriaDiBrera } from './milano/libreria-di-brera.js';
import { ortofruttaIsola } from './milano/ortofrutta-isola.js';

export type { DemoProduct, DemoShop } from './kit.js';

/**
 * The demo's shops of Rome (the default city) and Milan, each with its shopkeeper and its
 * catalogue: in each city the home page's example searches («pane integrale», «lampadine»,
 * «quaderni») find something. All approved but the Navigli wine shop. The first is the demo
 * shopkeeper's own (`negoziante`).
 */
export const demoShops: DemoShop[] = [
  bottegaDiGianni,
  fornoMonti,
  ferramentaTrastevere,
  cartoleriaPrati,
  parafarmaciaSanGiovanni,
  elettronicaTuscolana,
  libreriaDiBrera,
  ortofruttaIsola,
  enotecaSuiNavigli,
  fornoSantAmbrogio,
  ferramentaCittaStudi,
  drogheriaSarpi,
  giocattoliPortaRomana,
];
