import type { DomainEvent } from '../../platform/domain/decider.js';
import { settingsDecider } from '../../platform/domain/settings.js';

export const siteSettingsStreamId = 'site-settings';

/** Every field of spec §3 site_settings (the admin's form checks them: src/modules/settings/schemas.ts). */
export interface SiteSettings {
  siteName: string;
  siteDescription: string;
  logo: string | null;
  favicon: string | null;
  useLogoImage: boolean;
  primaryColor: string;
  secondaryColor: string;
  metaTitle: string;
  metaDescription: string;
  metaKeywords: string;
  footerText: string;
  contactEmail: string;
  socialLinks: Record<string, string>;
  /** While on, only admins may write (src/platform/http/plugins/maintenance.ts). */
  maintenanceMode: boolean;
  allowRegistration: boolean;
}

export const defaultSiteSettings: SiteSettings = {
  siteName: 'Vicino',
  siteDescription: 'I negozi del tuo quartiere, a portata di clic.',
  logo: null,
  favicon: null,
  useLogoImage: false,
  primaryColor: '#FFD747',
  secondaryColor: '#FF8847',
  metaTitle: 'Vicino — compra nei negozi vicino a te',
  metaDescription: 'Trova i prodotti nei negozi della tua zona, ordina e ritira in negozio o ricevili a casa.',
  metaKeywords: 'negozi locali, acquisti di quartiere, ritiro in negozio',
  footerText: '© Vicino — il marketplace dei negozi di quartiere',
  contactEmail: '',
  socialLinks: {},
  maintenanceMode: false,
  allowRegistration: true,
};

export type SiteSettingsCommand = { type: 'UpdateSiteSettings'; changes: Partial<SiteSettings> };
export type SiteSettingsEvent = DomainEvent<'SiteSettingsUpdated', { changes: Partial<SiteSettings> }>;

export const siteSettingsDecider = settingsDecider({
  command: 'UpdateSiteSettings',
  event: 'SiteSettingsUpdated',
  defaults: defaultSiteSettings,
});
