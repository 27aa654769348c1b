import type { Decider, DomainEvent } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/errors.js';
import { checkAmount, checkInteger, checkRange, checkTime, MAX_PRICE_CENTS, MAX_SHIPPING_RADIUS_KM } from '../../platform/domain/limits.js';
import type { Cents } from '../../platform/domain/money.js';

export const packageStreamId = (id: string): string => `package-${id}`;

export const packageTypes = ['free', 'ai', 'ai_collaborator', 'shipping', 'premium', 'price_comparison'] as const;
export type PackageType = (typeof packageTypes)[number];
/** Plans are what a store runs on; AI packs and collaborations are bought beside a plan, not instead of it. */
export const planTypes: readonly PackageType[] = ['free', 'shipping', 'premium', 'price_comparison'];

export const packageStatuses = ['active', 'archived'] as const;
export type PackageStatus = (typeof packageStatuses)[number];

export const packageNotFound = 'Pacchetto non trovato.';

/** Every field of spec §3 packages; money in cents, the promotion's end as ISO text. */
export interface PackageFields {
  name: string;
  description: string;
  priceCents: Cents;
  credits: number;
  type: PackageType;
  features: string[];
  isPopular: boolean;
  isPromotional: boolean;
  discountPercentage: number;
  promotionEndDate: string | null;
  enablesShipping: boolean;
  shippingRadius: number | null;
  maxFreeShippingOrders: number | null;
  enablesOnlinePayments: boolean;
  enablesStripePayments: boolean;
  enablesPayPalPayments: boolean;
  enablesPriceComparison: boolean;
  aiCreditsPriceCents: Cents | null;
  collaboratorPriceCents: Cents | null;
  collaboratorTotalCostCents: Cents | null;
  commissionPercentage: number;
  collaboratorCompensationCents: Cents | null;
  siteCommissionCents: Cents | null;
  customItems: string[];
  durationDays: number;
  durationMonths: number;
}

/** The fields as the back office's form names them (the admin's activity tells a change by them). */
export const packageFieldNames: Record<keyof PackageFields, string> = {
  name: 'nome',
  description: 'descrizione',
  type: 'tipo',
  priceCents: 'prezzo di listino',
  credits: 'crediti',
  features: 'caratteristiche',
  isPopular: 'più scelto',
  isPromotional: 'in promozione',
  discountPercentage: 'sconto',
  promotionEndDate: 'fine della promozione',
  enablesShipping: 'spedizioni',
  shippingRadius: 'raggio di spedizione',
  maxFreeShippingOrders: 'ordini con spedizione gratuita',
  enablesOnlinePayments: 'pagamenti online',
  enablesStripePayments: 'carta (Stripe)',
  enablesPayPalPayments: 'PayPal',
  enablesPriceComparison: 'confronto prezzi',
  aiCreditsPriceCents: 'prezzo dei crediti AI',
  collaboratorPriceCents: 'prezzo del collaboratore',
  collaboratorTotalCostCents: 'costo totale del collaboratore',
  commissionPercentage: 'commissione',
  collaboratorCompensationCents: 'compenso del collaboratore',
  siteCommissionCents: 'commissione del sito',
  customItems: 'voci personalizzate',
  durationDays: 'durata in giorni',
  durationMonths: 'durata in mesi',
};

/** Spec §9 defaults: 30 days or one month, a 20 % commission. */
export const packageDefaults = {
  description: '',
  credits: 0,
  features: [] as string[],
  isPopular: false,
  isPromotional: false,
  discountPercentage: 0,
  promotionEndDate: null,
  enablesShipping: false,
  shippingRadius: null,
  maxFreeShippingOrders: null,
  enablesOnlinePayments: false,
  enablesStripePayments: false,
  enablesPayPalPayments: false,
  enablesPriceComparison: false,
  aiCreditsPriceCents: null,
  collaboratorPriceCents: null,
  collaboratorTotalCostCents: null,
  commissionPercentage: 20,
  collaboratorCompensationCents: null,
  siteCommissionCents: null,
  customItems: [] as string[],
  durationDays: 30,
  durationMonths: 1,
} satisfies Partial<PackageFields>;

export type PackageCommand =
  | { type: 'CreatePackage'; id: string; fields: PackageFields }
  | { type: 'ChangePackage'; changes: Partial<PackageFields> }
  | { type: 'ArchivePackage' }
  /** `bought`: whether anyone ever bought it, as the purchases' read model tells. */
  | { type: 'DeletePackage'; bought: boolean };

export type PackageEvent =
  | DomainEvent<'PackageCreated', { id: string; fields: PackageFields }>
  | DomainEvent<'PackageChanged', { changes: Partial<PackageFields> }>
  | DomainEvent<'PackageArchived', Record<string, never>>
  | DomainEvent<'PackageDeleted', Record<string, never>>;

export interface PackageState {
  exists: boolean;
  deleted: boolean;
  status: PackageStatus;
  fields: PackageFields | null;
}

const checkFields = (fields: PackageFields): void => {
  checkAmount('price', 'Prezzo', fields.priceCents, { max: MAX_PRICE_CENTS });
  checkInteger('credits', 'Crediti', fields.credits, { min: 0, max: 1_000_000 });
  checkInteger('discountPercentage', 'Sconto (%)', fields.discountPercentage, { min: 0, max: 100 });
  checkRange('commissionPercentage', 'Commissione (%)', fields.commissionPercentage, { min: 0, max: 100 });
  checkInteger('durationDays', 'Durata (giorni)', fields.durationDays, { min: 1, max: 3660 });
  checkInteger('durationMonths', 'Durata (mesi)', fields.durationMonths, { min: 0, max: 120 });
  if (fields.shippingRadius !== null) checkRange('shippingRadius', 'Raggio di spedizione (km)', fields.shippingRadius, { min: 0, max: MAX_SHIPPING_RADIUS_KM });
  if (fields.maxFreeShippingOrders !== null) checkInteger('maxFreeShippingOrders', 'Ordini con spedizione gratuita', fields.maxFreeShippingOrders, { min: 0, max: 1_000_000 });
  const amounts = [
    ['aiCreditsPriceCents', 'aiCreditsPrice', 'Prezzo dei crediti AI'],
    ['collaboratorPriceCents', 'collaboratorPrice', 'Prezzo del collaboratore'],
    ['collaboratorTotalCostCents', 'collaboratorTotalCost', 'Costo totale del collaboratore'],
    ['collaboratorCompensationCents', 'collaboratorCompensation', 'Compenso del collaboratore'],
    ['siteCommissionCents', 'siteCommission', 'Commissione del sito'],
  ] as const;
  for (const [key, field, label] of amounts) {
    const amount = fields[key];
    if (amount !== null) checkAmount(field, label, amount, { max: MAX_PRICE_CENTS });
  }
  if (fields.promotionEndDate !== null) checkTime('promotionEndDate', 'Fine della promozione', fields.promotionEndDate);
  if (fields.isPromotional && fields.discountPercentage > 0 && !fields.promotionEndDate) {
    throw new DomainError('Indica fino a quando vale la promozione.', 'rule', { promotionEndDate: 'Fine della promozione: obbligatoria per uno sconto.' });
  }
};

/** Whether the promotion changes the price at `now`: promotional, a discount, and not yet ended. */
export const promotionActive = (fields: Pick<PackageFields, 'isPromotional' | 'discountPercentage' | 'promotionEndDate'>, now: Date): boolean =>
  fields.isPromotional && fields.discountPercentage > 0 && fields.promotionEndDate !== null && new Date(fields.promotionEndDate).getTime() > now.getTime();

/**
 * The price of the moment, shown and charged: the list price less the discount while the
 * promotion lasts, rounded to the cent. Computed from the clock, never stored.
 */
export function priceAt(fields: Pick<PackageFields, 'priceCents' | 'isPromotional' | 'discountPercentage' | 'promotionEndDate'>, now: Date): Cents {
  if (!promotionActive(fields, now)) return fields.priceCents;
  return Math.round((fields.priceCents * (100 - fields.discountPercentage)) / 100);
}

export const packageDecider: Decider<PackageCommand, PackageEvent, PackageState> = {
  initialState: { exists: false, deleted: false, status: 'active', fields: null },

  decide(command, state) {
    if (command.type === 'CreatePackage') {
      if (state.exists) return [];
      checkFields(command.fields);
      return [{ type: 'PackageCreated', data: { id: command.id, fields: command.fields } }];
    }
    if (!state.exists || state.deleted || !state.fields) throw new DomainError(packageNotFound, 'not-found');
    const current = state.fields;
    switch (command.type) {
      case 'ChangePackage': {
        if (state.status === 'archived') throw new DomainError('Il pacchetto è archiviato: non si modifica più.', 'conflict');
        checkFields({ ...current, ...command.changes });
        const changes = Object.fromEntries(
          Object.entries(command.changes).filter(([key, value]) => value !== undefined && JSON.stringify(current[key as keyof PackageFields]) !== JSON.stringify(value)),
        ) as Partial<PackageFields>;
        return Object.keys(changes).length ? [{ type: 'PackageChanged', data: { changes } }] : [];
      }
      case 'ArchivePackage':
        return state.status === 'archived' ? [] : [{ type: 'PackageArchived', data: {} }];
      case 'DeletePackage':
        if (command.bought) throw new DomainError('Questo pacchetto è stato acquistato: non si può eliminare, si archivia.', 'conflict');
        return [{ type: 'PackageDeleted', data: {} }];
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'PackageCreated':
        return { exists: true, deleted: false, status: 'active', fields: event.data.fields };
      case 'PackageChanged':
        return { ...state, fields: state.fields && { ...state.fields, ...event.data.changes } };
      case 'PackageArchived':
        return { ...state, status: 'archived' };
      case 'PackageDeleted':
        return { ...state, deleted: true };
      default:
        return state;
    }
  },
};
