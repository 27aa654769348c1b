import type { Decider, DomainEvent } from '../../platform/domain/decider.js';
import { checkInteger } from '../../platform/domain/limits.js';

export const categoryStreamId = (id: string): string => `category-${id}`;

export interface CategoryFields {
  name: string;
  slug: string;
  description: string;
  icon: string | null;
  color: string | null;
  parentId: string | null;
  sortOrder: number;
}

export type CategoryCommand = { type: 'CreateCategory'; id: string; fields: CategoryFields };
export type CategoryEvent = DomainEvent<'CategoryCreated', { id: string; fields: CategoryFields }>;

export const categoryDecider: Decider<CategoryCommand, CategoryEvent, { exists: boolean }> = {
  initialState: { exists: false },
  decide(command, state) {
    if (state.exists) return [];
    checkInteger('sortOrder', 'Ordine', command.fields.sortOrder, { min: 0, max: 10_000 });
    return [{ type: 'CategoryCreated', data: { id: command.id, fields: command.fields } }];
  },
  evolve: () => ({ exists: true }),
};

/** Real Italian retail categories (spec §3), created at every start if missing. */
export const retailCategories: Omit<CategoryFields, 'parentId'>[] = [
  { name: 'Alimentari', slug: 'alimentari', description: 'Pasta, conserve, salumi, formaggi e dispensa', icon: 'shopping_basket', color: '#E6A700', sortOrder: 1 },
  { name: 'Panetteria e pasticceria', slug: 'panetteria', description: 'Pane, focacce, pizza al taglio e dolci', icon: 'bakery_dining', color: '#C7843B', sortOrder: 2 },
  { name: 'Frutta e verdura', slug: 'ortofrutta', description: 'Prodotti freschi e di stagione', icon: 'nutrition', color: '#3E9B4F', sortOrder: 3 },
  { name: 'Macelleria', slug: 'macelleria', description: 'Carni fresche e preparati', icon: 'kebab_dining', color: '#B23A3A', sortOrder: 4 },
  { name: 'Pescheria', slug: 'pescheria', description: 'Pesce fresco e frutti di mare', icon: 'set_meal', color: '#2E7BB8', sortOrder: 5 },
  { name: 'Enoteca', slug: 'enoteca', description: 'Vini, birre artigianali e distillati', icon: 'wine_bar', color: '#7B2D4F', sortOrder: 6 },
  { name: 'Farmacia e parafarmacia', slug: 'farmacia', description: 'Salute, igiene e benessere', icon: 'local_pharmacy', color: '#2E9E8F', sortOrder: 7 },
  { name: 'Ferramenta', slug: 'ferramenta', description: 'Utensili, vernici, casa e fai da te', icon: 'hardware', color: '#6B6B6B', sortOrder: 8 },
  { name: 'Libreria e cartoleria', slug: 'libreria', description: 'Libri, quaderni e articoli per la scuola', icon: 'menu_book', color: '#8A5A2B', sortOrder: 9 },
  { name: 'Abbigliamento', slug: 'abbigliamento', description: 'Moda uomo, donna e bambino', icon: 'checkroom', color: '#9B4DCA', sortOrder: 10 },
  { name: 'Calzature', slug: 'calzature', description: 'Scarpe e accessori', icon: 'steps', color: '#5D4037', sortOrder: 11 },
  { name: 'Elettronica', slug: 'elettronica', description: 'Telefonia, informatica e piccoli elettrodomestici', icon: 'devices', color: '#3949AB', sortOrder: 12 },
  { name: 'Casa e cucina', slug: 'casa', description: 'Casalinghi, tessili e arredo', icon: 'chair', color: '#FF8847', sortOrder: 13 },
  { name: 'Fiori e piante', slug: 'fiori', description: 'Fiori recisi, piante e giardinaggio', icon: 'local_florist', color: '#D81B60', sortOrder: 14 },
  { name: 'Giocattoli', slug: 'giocattoli', description: 'Giochi e giocattoli per tutte le età', icon: 'toys', color: '#F4511E', sortOrder: 15 },
  { name: 'Sport e tempo libero', slug: 'sport', description: 'Attrezzatura e abbigliamento sportivo', icon: 'sports_soccer', color: '#43A047', sortOrder: 16 },
  { name: 'Animali', slug: 'animali', description: 'Cibo e accessori per animali domestici', icon: 'pets', color: '#8D6E63', sortOrder: 17 },
  { name: 'Bellezza e profumeria', slug: 'bellezza', description: 'Cosmetici, profumi e cura della persona', icon: 'spa', color: '#EC407A', sortOrder: 18 },
  { name: 'Tabacchi ed edicola', slug: 'edicola', description: 'Giornali, riviste e servizi', icon: 'newspaper', color: '#546E7A', sortOrder: 19 },
  { name: 'Generale', slug: 'general', description: 'Negozi di vario genere', icon: 'storefront', color: '#FFD747', sortOrder: 20 },
];
