import { z } from 'zod';
import type { Decider, DomainEvent } from '../shared/decider.js';

export const siteSettingsStreamId = 'site-settings';

const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Colore non valido (formato #RRGGBB)');

/** Every field of spec §3 site_settings, with its defaults. */
export const siteSettingsSchema = z.object({
  siteName: z.string().max(100),
  siteDescription: z.string().max(500),
  logo: z.string().max(500).nullable(),
  favicon: z.string().max(500).nullable(),
  useLogoImage: z.boolean(),
  primaryColor: color,
  secondaryColor: color,
  metaTitle: z.string().max(200),
  metaDescription: z.string().max(500),
  metaKeywords: z.string().max(500),
  footerText: z.string().max(500),
  contactEmail: z.string().email('Indirizzo e-mail non valido').or(z.literal('')),
  socialLinks: z.record(z.string(), z.string().url('Link non valido')),
  maintenanceMode: z.boolean(),
  allowRegistration: z.boolean(),
});

export type SiteSettings = z.infer<typeof siteSettingsSchema>;

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

export const siteSettingsDecider: Decider<SiteSettingsCommand, SiteSettingsEvent, SiteSettings> = {
  initialState: defaultSiteSettings,
  decide(command, state) {
    const changes = Object.fromEntries(
      Object.entries(command.changes).filter(
        ([key, value]) => JSON.stringify(state[key as keyof SiteSettings]) !== JSON.stringify(value),
      ),
    ) as Partial<SiteSettings>;
    return Object.keys(changes).length ? [{ type: 'SiteSettingsUpdated', data: { changes } }] : [];
  },
  evolve(state, event) {
    return event.type === 'SiteSettingsUpdated' ? { ...state, ...event.data.changes } : state;
  },
};
