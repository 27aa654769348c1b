import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../../platform/domain/errors.js';
import { geocodingApi } from './contract.js';
import { googleMapsSettingsReader } from '../settings/google-maps-settings-projection.js';
import { GeocodingCache } from './cache.js';
import { firstAnswer, providerChain, type GeocodingProvider } from './providers.js';

/** Issue [22]: typed addresses become places, points get names; the offline comuni answer when no service does. */
export const geocodingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, pool, projections } = app.deps;
  const mapSettings = googleMapsSettingsReader(db, projections);
  const cache = new GeocodingCache(pool);
  const google = { baseUrl: app.deps.config.GOOGLE_MAPS_API_URL };
  const chain = async (): Promise<GeocodingProvider[]> => providerChain(await mapSettings.read(), cache, google);

  app.route({
    ...geocodingApi.search,
    handler: async (request) => {
      const { q, limit } = request.query;
      const { answer, source, notice } = await firstAnswer(await chain(), (provider, signal) => provider.search(q, limit, signal));
      return { places: answer, source, notice };
    },
  });

  app.route({
    ...geocodingApi.suggest,
    handler: async (request) => {
      const { q, limit, session } = request.query;
      const { answer, source, notice } = await firstAnswer(await chain(), (provider, signal) => provider.suggest(q, limit, signal, session ?? null));
      return { suggestions: answer, source, notice };
    },
  });

  app.route({
    ...geocodingApi.place,
    handler: async (request) => {
      const { placeId } = request.params;
      const { text, session } = request.query;
      // The provider that suggested it gives its place; failing that, the suggestion's text lands offline.
      const { answer, source, notice } = await firstAnswer(await chain(), async (provider, signal) => {
        const place = provider.place ? await provider.place(placeId, session ?? null, signal) : (await provider.search(text, 1, signal))[0];
        if (!place) throw new DomainError('Questo luogo non si trova più: scegli un altro suggerimento, oppure premi Invio.', 'not-found');
        return place;
      });
      return { place: answer, source, notice };
    },
  });

  app.route({
    ...geocodingApi.reverse,
    handler: async (request) => {
      const { lat, lng } = request.query;
      const { answer, source, notice } = await firstAnswer(await chain(), (provider, signal) => provider.reverse(lat, lng, signal));
      return { place: answer?.place ?? null, name: answer?.name ?? null, source, notice };
    },
  });
};
