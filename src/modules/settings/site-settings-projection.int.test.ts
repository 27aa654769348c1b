import { describe, expect, it } from 'vitest';
import { useProjection } from '../../../tests/support/projection.js';
import { EventLog } from '../../platform/testing/projection-spec.js';
import { siteSettingsDecider, siteSettingsStreamId, type SiteSettings } from './site-settings.js';
import { siteSettingsProjection } from './site-settings-projection.js';

const spec = useProjection(siteSettingsProjection);
const log = new EventLog();
const update = (changes: Partial<SiteSettings>) => log.decide(siteSettingsStreamId, siteSettingsDecider, { type: 'UpdateSiteSettings', changes });
const stored = () => spec.rows<{ id: number; settings: Partial<SiteSettings> }>('SELECT id, settings FROM site_settings');

describe('site-settings projection', () => {
  it('keeps one row with only the fields changed from the defaults, each change merged over the last', async () => {
    expect(await stored()).toEqual([]);
    await spec.apply(update({ siteName: 'Vicino di casa', allowRegistration: false }));
    expect(await stored()).toEqual([{ id: 1, settings: { siteName: 'Vicino di casa', allowRegistration: false } }]);
    await spec.apply([...update({ allowRegistration: true, socialLinks: { instagram: 'vicino' } }), ...update({ socialLinks: { facebook: 'vicino' }, logo: '/uploads/logo.png' })]);
    expect(await stored()).toEqual([{ id: 1, settings: { siteName: 'Vicino di casa', allowRegistration: true, socialLinks: { facebook: 'vicino' }, logo: '/uploads/logo.png' } }]);
  });

  it('keeps a field set back to nothing as null', async () => {
    await spec.apply(update({ logo: null }));
    expect((await stored())[0]!.settings.logo).toBeNull();
  });
});
