import type { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../../platform/domain/errors.js';
import { commandContext } from '../../platform/http/command-context.js';
import { requireRole } from '../../platform/http/plugins/session.js';
import { googleMapsSettingsReader } from '../settings/google-maps-settings-projection.js';
import { ownStore, visibleStore } from '../stores/queries.js';
import { linkGooglePlace, unlinkGooglePlace } from './commands.js';
import { googlePlacesApi, linkedShop, type ShownGooglePlace } from './contract.js';
import { freshDetails, keepDetails } from './details.js';
import { findPlaces, photoUri, placeDetails, type PlacesAccess } from './places.js';
import { isLinkedToActiveShop, linkedPlace, linkedShopsResource } from './queries.js';
import { answerList } from '../../platform/http/admin-rest.js';

const placesOff = 'Google Places non è attivo: l’amministrazione può attivarlo nelle impostazioni di Google Maps.';
const googleDown = 'Google non risponde ora: riprova tra poco.';

/** Google asked on a shopkeeper's behalf: its failure is said in Italian, never a 500. */
async function askGoogle<T>(ask: () => Promise<T>): Promise<T> {
  try {
    return await ask();
  } catch {
    throw new DomainError(googleDown, 'upstream');
  }
}

/** Issue [22]: shops linked to their Google place; its rating and photo on the shop page. */
export const googlePlacesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, pool, projections } = app.deps;
  const mapSettings = googleMapsSettingsReader(db, projections);
  const access = async (): Promise<PlacesAccess | null> => {
    const settings = await mapSettings.read();
    return settings.placesEnabled && settings.apiKey ? { apiKey: settings.apiKey, baseUrl: app.deps.config.GOOGLE_MAPS_API_URL } : null;
  };
  /** What a page shows of a shop's Google place; null when it has none. */
  const shown = async (storeId: string, now: Date): Promise<ShownGooglePlace | null> => {
    const placeId = await linkedPlace(pool, storeId);
    if (!placeId) return null;
    const details = await freshDetails(pool, placeId, now);
    return {
      placeId,
      rating: details?.rating ?? null,
      reviewCount: details?.reviewCount ?? null,
      mapsUri: details?.mapsUri ?? null,
      photoUrl: details?.photoName ? `/api/google-places/${encodeURIComponent(placeId)}/photo` : null,
      photoAuthor: details?.photoName ? details.photoAuthor : null,
      photoAuthorUri: details?.photoName ? details.photoAuthorUri : null,
    };
  };
  const mine = async (storeId: string, now: Date) => ({ available: (await access()) !== null, place: await shown(storeId, now) });

  app.route({
    ...googlePlacesApi.mine,
    handler: async (request) => mine((await ownStore(db, requireRole(request, 'shopkeeper').id)).id, commandContext(request).now),
  });

  app.route({
    ...googlePlacesApi.candidates,
    handler: async (request) => {
      const shop = await ownStore(db, requireRole(request, 'shopkeeper').id);
      const places = await access();
      if (!places) throw new DomainError(placesOff, 'rule');
      const settings = await mapSettings.read();
      const text = request.query.q || `${shop.name}, ${shop.address}`;
      return { candidates: await askGoogle(() => findPlaces(places, text, settings.restrictToBoundary ? settings.boundaryCountry : null)) };
    },
  });

  app.route({
    ...googlePlacesApi.link,
    handler: async (request) => {
      const shop = await ownStore(db, requireRole(request, 'shopkeeper').id);
      const places = await access();
      if (!places) throw new DomainError(placesOff, 'rule');
      const { placeId } = request.body;
      // Google must know the place; its details are kept at once, for the page to show them.
      const details = await askGoogle(() => placeDetails(places, placeId));
      if (!details) throw new DomainError('Questo luogo non esiste su Google: cercalo di nuovo.', 'rule', { placeId: 'Luogo non trovato su Google.' });
      const ctx = commandContext(request);
      await request.settle(await linkGooglePlace(app.deps, shop.id, placeId, ctx));
      await keepDetails(pool, placeId, details, ctx.now);
      return mine(shop.id, ctx.now);
    },
  });

  app.route({
    ...googlePlacesApi.unlink,
    handler: async (request, reply) => {
      const shop = await ownStore(db, requireRole(request, 'shopkeeper').id);
      await request.settle(await unlinkGooglePlace(app.deps, shop.id, commandContext(request)));
      return reply.status(204).send();
    },
  });

  app.route({
    ...googlePlacesApi.shown,
    handler: async (request) => {
      const { row } = await visibleStore(db, request.params.idOrSlug, request.user);
      // Google's content only while the admin has Places on.
      return { place: (await access()) ? await shown(row.id, commandContext(request).now) : null };
    },
  });

  app.route({
    ...googlePlacesApi.photo,
    handler: async (request, reply) => {
      const { placeId } = request.params;
      const places = await access();
      const details = places && (await isLinkedToActiveShop(pool, placeId)) ? await freshDetails(pool, placeId, commandContext(request).now) : null;
      if (!places || !details?.photoName) throw new DomainError('Foto non disponibile.', 'not-found');
      const uri = await askGoogle(() => photoUri(places, details.photoName!));
      if (!uri) throw new DomainError('Foto non disponibile.', 'not-found');
      // Google's address of the image lasts a short while: never kept by the browser.
      return reply.header('cache-control', 'no-store').redirect(uri, 302);
    },
  });

  app.route({
    ...googlePlacesApi.linked,
    handler: async (request, reply) => (await answerList(db, reply, linkedShopsResource, request.query)) as z.infer<typeof linkedShop>[],
  });
};
