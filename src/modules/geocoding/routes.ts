import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { geocodingApi } from './contract.js';
import { googleMapsSettingsReader } from '../settings/google-maps-settings-projection.js';
import { GeocodingCache } from './cache.js';
import { firstAnswer, providerChain, type GeocodingProvider } from './providers.js';

/** Issue [22]: typed addresses become places, points get names; the offline comuni answer when no service does. */
export const geocodingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, pool, projections } = app.deps;
  const mapSettings = googleMapsSettingsReader(db, projections);
  const cache = new GeocodingCache(pool);
  // The services are told who asks (Nominatim's policy): the site's own address.
  const chain = async (request: FastifyRequest): Promise<GeocodingProvider[]> => providerChain(await mapSettings.read(), cache, `${request.protocol}://${request.host}`);

  app.route({
    ...geocodingApi.search,
    handler: async (request) => {
      const { q, limit } = request.query;
      const { answer, source, notice } = await firstAnswer(await chain(request), (provider, signal) => provider.search(q, limit, signal));
      return { places: answer, source, notice };
    },
  });

  app.route({
    ...geocodingApi.suggest,
    handler: async (request) => {
      const { q, limit } = request.query;
      const { answer, source, notice } = await firstAnswer(await chain(request), (provider, signal) => provider.suggest(q, limit, signal));
      return { suggestions: answer, source, notice };
    },
  });

  app.route({
    ...geocodingApi.reverse,
    handler: async (request) => {
      const { lat, lng } = request.query;
      const { answer, source, notice } = await firstAnswer(await chain(request), (provider, signal) => provider.reverse(lat, lng, signal));
      return { place: answer?.place ?? null, name: answer?.name ?? null, source, notice };
    },
  });
};
