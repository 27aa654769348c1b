import { z } from 'zod';
import { api, get, idParams, post } from '../../../src/platform/http/contract.js';

const tally = z.object({ id: z.uuid(), total: z.number().int() });

export const toyApi = api('giocattolo', {
  count: post('/api/toy/tallies/:id/count', 'Conta sul contatore', { 200: tally }, { params: idParams, body: z.object({ by: z.number().int().positive() }) }),
  show: get('/api/toy/tallies/:id', 'Un contatore', { 200: tally }, { params: idParams }),
});
