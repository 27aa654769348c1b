import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { geocodingApi } from './contract.js';
import { firstAnswer, offlineProvider, type GeocodingProvider } from './providers.js';

/** Issue [22]: typed addresses become places, points get names; the offline comuni answer when no service does. */
export const geocodingRoutes: FastifyPluginAsyncZod = async (app) => {
  const chain = async (): Promise<GeocodingProvider[]> => [offlineProvider];

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
      const { q, limit } = request.query;
      const { answer, source, notice } = await firstAnswer(await chain(), (provider, signal) => provider.suggest(q, limit, signal));
      return { suggestions: answer, source, notice };
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
