import { z } from 'zod';

/*
 * The request side of the admin's list contract (admin-rest.ts), pure zod so that the modules'
 * contracts, which the web imports too, can declare their admin lists with it.
 */

/** The query string as the route receives it: the three JSON parameters still as text. */
export const listQuerystring = z.object({
  sort: z.string({ error: 'Ordinamento: scrivi ["campo","ASC"] o ["campo","DESC"].' }).max(200, 'Ordinamento: al massimo 200 caratteri.').optional(),
  range: z.string({ error: 'Intervallo: scrivi [inizio, fine], due interi.' }).max(100, 'Intervallo: al massimo 100 caratteri.').optional(),
  filter: z.string({ error: 'Filtro: scrivi un oggetto JSON.' }).max(30_000, 'Filtro: al massimo 30000 caratteri.').optional(),
});
