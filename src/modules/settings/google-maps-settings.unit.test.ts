import { describe, expect, it } from 'vitest';
import { fold } from '../../platform/domain/decider.js';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { DomainError } from '../../platform/domain/errors.js';
import { defaultGoogleMapsSettings, googleMapsSettingsDecider as decider, type GoogleMapsSettingsEvent } from './google-maps-settings.js';

const spec = deciderSpec(decider);

describe('Google Maps settings decider', () => {
  it('starts from the spec §3 defaults, with no key', () => {
    expect(decider.initialState).toBe(defaultGoogleMapsSettings);
    expect(defaultGoogleMapsSettings).toMatchObject({
      apiKey: null,
      defaultSearchRadius: 10,
      defaultMapZoom: 12,
      defaultLatitude: 41.9028,
      defaultLongitude: 12.4964,
      boundaryCountry: 'IT',
    });
  });

  it('geocodes offline until the admin chooses a service; Nominatim only with its server’s address (issue [22])', () => {
    expect(defaultGoogleMapsSettings).toMatchObject({ geocodingProvider: 'offline', nominatimUrl: '', directionsApp: 'openstreetmap' });
    spec
      .given([])
      .when({ type: 'UpdateGoogleMapsSettings', changes: { geocodingProvider: 'nominatim' } })
      .thenThrows(DomainError, { kind: 'rule', errors: { nominatimUrl: 'Geocodifica con Nominatim: scrivi l’indirizzo del server (es. https://nominatim.openstreetmap.org).' } });
    spec
      .given([])
      .when({ type: 'UpdateGoogleMapsSettings', changes: { geocodingProvider: 'nominatim', nominatimUrl: 'https://nominatim.esempio.it' } })
      .then([{ type: 'GoogleMapsSettingsUpdated', data: { changes: { geocodingProvider: 'nominatim', nominatimUrl: 'https://nominatim.esempio.it' } } }]);
    // Its address cannot go while Nominatim is the choice.
    const chosen: GoogleMapsSettingsEvent = {
      type: 'GoogleMapsSettingsUpdated',
      data: { changes: { geocodingProvider: 'nominatim', nominatimUrl: 'https://nominatim.esempio.it' } },
    };
    spec
      .given([chosen])
      .when({ type: 'UpdateGoogleMapsSettings', changes: { nominatimUrl: '' } })
      .thenThrows(DomainError);
  });

  it('records only the fields that change, the key among them', () => {
    spec
      .given([])
      .when({ type: 'UpdateGoogleMapsSettings', changes: { apiKey: 'AIzaSyA-chiave-di-prova', defaultMapZoom: 12, defaultSearchRadius: 25 } })
      .then([{ type: 'GoogleMapsSettingsUpdated', data: { changes: { apiKey: 'AIzaSyA-chiave-di-prova', defaultSearchRadius: 25 } } }]);
  });

  it('records nothing when nothing changes, and folds changes over the defaults', () => {
    const updated: GoogleMapsSettingsEvent = { type: 'GoogleMapsSettingsUpdated', data: { changes: { apiKey: 'k1-abcdefghij', boundaryCountry: 'SM' } } };
    expect(fold(decider, [updated])).toMatchObject({ apiKey: 'k1-abcdefghij', boundaryCountry: 'SM', defaultMapZoom: 12 });
    spec
      .given([updated])
      .when({ type: 'UpdateGoogleMapsSettings', changes: { apiKey: 'k1-abcdefghij' } })
      .thenNothing();
    spec
      .given([updated])
      .when({ type: 'UpdateGoogleMapsSettings', changes: { apiKey: null } })
      .then([{ type: 'GoogleMapsSettingsUpdated', data: { changes: { apiKey: null } } }]);
  });
});
