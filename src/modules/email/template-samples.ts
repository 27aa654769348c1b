import type { TemplateData } from './render.js';

/**
 * Example values of the variables the triggers fill in (triggers.ts), for the admin's preview of
 * a template: what a real mail would show. A variable not listed here is previewed by its name.
 */
export const sampleTemplateData: TemplateData = {
  name: 'Giulia Bianchi',
  username: 'giulia.bianchi',
  siteUrl: 'https://vicino.example',
  orderNumber: '3F2A9C1B',
  storeName: 'Forno Aurora',
  customerName: 'Giulia Bianchi',
  total: '€ 12,50',
  pickupCode: '4821',
  deliveryAddress: 'Via Roma 12, 20121 Milano',
  deliveryLabel: 'ritiro in negozio',
  notes: 'Senza sesamo, per favore.',
  statusLabel: 'Pronto',
  orderUrl: 'https://vicino.example/customer/orders/3f2a9c1b',
};

/** The sample data of a template's variables: the known example, or the variable's own name. */
export const samplesFor = (variables: string[]): TemplateData => Object.fromEntries(variables.map((name) => [name, sampleTemplateData[name] ?? `[${name}]`]));
