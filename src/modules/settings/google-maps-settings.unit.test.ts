import { describe, expect, it } from 'vitest';
import { fold } from '../../platform/domain/decider.js';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
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
