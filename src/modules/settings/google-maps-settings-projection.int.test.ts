import { describe, expect, it } from 'vitest';
import { useProjection } from '../../../tests/support/projection.js';
import { EventLog } from '../../platform/testing/projection-spec.js';
import { googleMapsSettingsDecider, googleMapsSettingsStreamId, type GoogleMapsSettings } from './google-maps-settings.js';
import { googleMapsSettingsProjection } from './google-maps-settings-projection.js';
import { readGoogleMapsSettings } from './queries.js';

const spec = useProjection(googleMapsSettingsProjection);
const log = new EventLog();
const update = (changes: Partial<GoogleMapsSettings>) => log.decide(googleMapsSettingsStreamId, googleMapsSettingsDecider, { type: 'UpdateGoogleMapsSettings', changes });

describe('google-maps-settings projection', () => {
  it('keeps one row with the fields changed from the defaults, the key given and then removed', async () => {
    await spec.apply(update({ apiKey: 'AIzaSyA-chiave-di-prova', defaultSearchRadius: 25 }));
    expect(await spec.rows('SELECT id, settings FROM google_maps_settings')).toEqual([{ id: 1, settings: { apiKey: 'AIzaSyA-chiave-di-prova', defaultSearchRadius: 25 } }]);
    await spec.apply([...update({ boundaryCountry: 'SM' }), ...update({ apiKey: null })]);
    expect(await spec.rows('SELECT id, settings FROM google_maps_settings')).toEqual([{ id: 1, settings: { apiKey: null, defaultSearchRadius: 25, boundaryCountry: 'SM' } }]);
    expect(await readGoogleMapsSettings(spec.db)).toMatchObject({ apiKey: null, defaultSearchRadius: 25, boundaryCountry: 'SM', defaultMapZoom: 12 });
  });
});
