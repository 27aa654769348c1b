import { describe, expect, it } from 'vitest';
import { fold } from '../../platform/domain/decider.js';
import { defaultGoogleMapsSettings, googleMapsSettingsDecider as decider } from './google-maps-settings.js';

describe('Google Maps settings decider', () => {
  it('starts from the spec §3 defaults, with no key', () => {
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
    const events = decider.decide(
      { type: 'UpdateGoogleMapsSettings', changes: { apiKey: 'AIzaSyA-chiave-di-prova', defaultMapZoom: 12, defaultSearchRadius: 25 } },
      defaultGoogleMapsSettings,
    );
    expect(events).toEqual([
      { type: 'GoogleMapsSettingsUpdated', data: { changes: { apiKey: 'AIzaSyA-chiave-di-prova', defaultSearchRadius: 25 } } },
    ]);
  });

  it('records nothing when nothing changes, and folds changes over the defaults', () => {
    const state = fold(decider, [{ type: 'GoogleMapsSettingsUpdated', data: { changes: { apiKey: 'k1-abcdefghij', boundaryCountry: 'SM' } } }]);
    expect(state).toMatchObject({ apiKey: 'k1-abcdefghij', boundaryCountry: 'SM', defaultMapZoom: 12 });
    expect(decider.decide({ type: 'UpdateGoogleMapsSettings', changes: { apiKey: 'k1-abcdefghij' } }, state)).toEqual([]);
    const removed = decider.decide({ type: 'UpdateGoogleMapsSettings', changes: { apiKey: null } }, state);
    expect(removed).toEqual([{ type: 'GoogleMapsSettingsUpdated', data: { changes: { apiKey: null } } }]);
  });
});
