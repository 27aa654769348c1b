import { describe, expect, it } from 'vitest';
import { defaultSiteSettings, siteSettingsDecider } from './site-settings.js';

describe('site settings decider', () => {
  it('records only the fields that change', () => {
    const events = siteSettingsDecider.decide(
      { type: 'UpdateSiteSettings', changes: { siteName: 'Vicino', allowRegistration: false } },
      defaultSiteSettings,
    );
    expect(events).toEqual([{ type: 'SiteSettingsUpdated', data: { changes: { allowRegistration: false } } }]);
  });

  it('records nothing when nothing changes', () => {
    expect(
      siteSettingsDecider.decide({ type: 'UpdateSiteSettings', changes: { primaryColor: '#FFD747' } }, defaultSiteSettings),
    ).toEqual([]);
  });

  it('starts from the spec defaults', () => {
    expect(defaultSiteSettings).toMatchObject({ primaryColor: '#FFD747', secondaryColor: '#FF8847', allowRegistration: true });
  });
});
