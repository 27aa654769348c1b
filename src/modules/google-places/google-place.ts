import type { Decider, DomainEvent } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/errors.js';

/*
 * A shop linked to its place on Google (issue [22]): the shopkeeper finds it by name and address and
 * confirms it, or takes the link away. Only the place id is recorded, the one thing of Google's the
 * terms allow keeping for good; its rating, reviews' count and photo are asked of Google and kept
 * 30 days at most, outside the log (details.ts).
 */

export const googlePlaceStreamId = (storeId: string): string => `store-google-place-${storeId}`;

/** Google's place ids: letters, digits, '-' and '_' (ChIJ…), within what the read model keeps. */
export const googlePlaceIdPattern = /^[A-Za-z0-9_-]{10,300}$/;

export type GooglePlaceCommand = { type: 'LinkGooglePlace'; storeId: string; placeId: string } | { type: 'UnlinkGooglePlace'; storeId: string };

export type GooglePlaceEvent = DomainEvent<'StoreGooglePlaceLinked', { storeId: string; placeId: string }> | DomainEvent<'StoreGooglePlaceUnlinked', { storeId: string }>;

export interface GooglePlaceState {
  placeId: string | null;
}

export const googlePlaceDecider: Decider<GooglePlaceCommand, GooglePlaceEvent, GooglePlaceState> = {
  initialState: { placeId: null },
  decide(command, state) {
    switch (command.type) {
      case 'LinkGooglePlace':
        if (!googlePlaceIdPattern.test(command.placeId)) throw new DomainError('Luogo di Google non valido.', 'invalid', { placeId: 'Luogo di Google non valido.' });
        // The same place again changes nothing.
        return state.placeId === command.placeId ? [] : [{ type: 'StoreGooglePlaceLinked', data: { storeId: command.storeId, placeId: command.placeId } }];
      case 'UnlinkGooglePlace':
        return state.placeId === null ? [] : [{ type: 'StoreGooglePlaceUnlinked', data: { storeId: command.storeId } }];
    }
  },
  evolve(_state, event) {
    switch (event.type) {
      case 'StoreGooglePlaceLinked':
        return { placeId: event.data.placeId };
      case 'StoreGooglePlaceUnlinked':
        return { placeId: null };
    }
  },
};
