import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { defaultSiteSettings, siteSettingsDecider } from './site-settings.js';

const spec = deciderSpec(siteSettingsDecider);

describe('site settings decider', () => {
  it('records only the fields that change', () => {
    spec
      .given([])
      .when({ type: 'UpdateSiteSettings', changes: { siteName: 'Vicino', allowRegistration: false } })
      .then([{ type: 'SiteSettingsUpdated', data: { changes: { allowRegistration: false } } }]);
  });

  it('records nothing when nothing changes', () => {
    spec
      .given([])
      .when({ type: 'UpdateSiteSettings', changes: { primaryColor: '#FFD747' } })
      .thenNothing();
    spec
      .given([{ type: 'SiteSettingsUpdated', data: { changes: { allowRegistration: false } } }])
      .when({ type: 'UpdateSiteSettings', changes: { allowRegistration: false } })
      .thenNothing();
  });

  it('starts from the spec defaults', () => {
    expect(siteSettingsDecider.initialState).toBe(defaultSiteSettings);
    expect(defaultSiteSettings).toMatchObject({ primaryColor: '#FFD747', secondaryColor: '#FF8847', allowRegistration: true });
  });
});
