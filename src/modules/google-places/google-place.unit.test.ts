import { describe, it } from 'vitest';
import { DomainError } from '../../platform/domain/errors.js';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { googlePlaceDecider, type GooglePlaceEvent } from './google-place.js';

const spec = deciderSpec(googlePlaceDecider);
const storeId = '00000000-0000-4000-8000-000000000001';
const linked: GooglePlaceEvent = { type: 'StoreGooglePlaceLinked', data: { storeId, placeId: 'ChIJforno-monti-123' } };

describe('a shop’s link to its Google place (issue [22])', () => {
  it('links a place, changes it, and takes it away', () => {
    spec.given([]).when({ type: 'LinkGooglePlace', storeId, placeId: 'ChIJforno-monti-123' }).then([linked]);
    spec
      .given([linked])
      .when({ type: 'LinkGooglePlace', storeId, placeId: 'ChIJaltro_luogo_456' })
      .then([{ type: 'StoreGooglePlaceLinked', data: { storeId, placeId: 'ChIJaltro_luogo_456' } }]);
    spec
      .given([linked])
      .when({ type: 'UnlinkGooglePlace', storeId })
      .then([{ type: 'StoreGooglePlaceUnlinked', data: { storeId } }]);
  });

  it('records nothing for the same place again, or for no link taken away', () => {
    spec.given([linked]).when({ type: 'LinkGooglePlace', storeId, placeId: 'ChIJforno-monti-123' }).then([]);
    spec.given([]).when({ type: 'UnlinkGooglePlace', storeId }).then([]);
  });

  it('refuses a place id the read model cannot keep', () => {
    spec
      .given([])
      .when({ type: 'LinkGooglePlace', storeId, placeId: 'corto' })
      .thenThrows(DomainError, { kind: 'invalid', errors: { placeId: 'Luogo di Google non valido.' } });
    spec
      .given([])
      .when({ type: 'LinkGooglePlace', storeId, placeId: `ChIJ${'x'.repeat(400)}` })
      .thenThrows(DomainError);
    spec.given([]).when({ type: 'LinkGooglePlace', storeId, placeId: 'ChIJ con spazi 1234' }).thenThrows(DomainError);
  });
});
