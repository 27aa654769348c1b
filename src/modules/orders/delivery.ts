import { distanceKm, formatKm } from '../../platform/domain/format.js';
import { formatCents, type Cents } from '../../platform/domain/money.js';
import { DomainError } from '../../platform/domain/errors.js';
import type { StoreProfile } from '../stores/store.js';
import { isOpenAt } from '../stores/opening-hours.js';
import { paymentMethodNames, type PaymentMethod } from './labels.js';
import type { DeliveryType, OnlinePaymentMethod } from './order.js';

/** What a shop allows, as its read model holds it: its place, hours and delivery terms as the shopkeeper set them. */
export type ShopTerms = Pick<
  StoreProfile,
  | 'latitude'
  | 'longitude'
  | 'openingHours'
  | 'deliveryRadius'
  | 'shippingEnabled'
  | 'pickupOnly'
  | 'shippingRadius'
  | 'minimumOrderForShippingCents'
  | 'shippingCostCents'
  | 'freeShippingThresholdCents'
> & {
  /** How many more orders of its plan's period ship free (packages/free-shipping.ts); null or absent: no limit. */
  freeShippingOrdersLeft?: number | null;
};

export interface DeliveryChoice {
  deliveryType: DeliveryType;
  pickupTime?: string | null;
  deliveryAddress?: string | null;
  deliveryLatitude?: number | null;
  deliveryLongitude?: number | null;
}

export interface DeliveryTerms {
  shippingCostCents: Cents;
  pickupTime: string | null;
  deliveryAddress: string | null;
  deliveryLatitude: number | null;
  deliveryLongitude: number | null;
}

/** How far ahead a pickup may be booked. */
export const maxPickupDaysAhead = 30;

/** Whether a customer can collect at the shop: only once it has said when it is open. */
export const offersPickup = (shop: Pick<ShopTerms, 'openingHours'>): boolean => shop.openingHours !== null;
/** Why a shop without stated hours takes no pickup (checkout and reservations alike). */
export const noHoursMessage = 'Il negozio non ha ancora indicato i suoi orari di apertura';

/** Whether the shop ships at all (spec §3: shippingEnabled, and not pickupOnly). */
export const shipsAtAll = (shop: ShopTerms): boolean => shop.shippingEnabled && !shop.pickupOnly;
/** The farthest a shop ships: its shipping radius, or its delivery radius when none is set. */
export const shippingRadiusOf = (shop: ShopTerms): number => shop.shippingRadius ?? shop.deliveryRadius;

/**
 * A shop's shipping terms in one unit of money: cents here, euros in the cart's answer
 * (`cart/contract.ts` `cartStore.shipping`, the checkout reads them there). One rule,
 * `checkShipping`, judges them on both sides: the web explains before paying, the order decides.
 */
export interface ShippingOffer {
  /** The shop ships at all. */
  enabled: boolean;
  radiusKm: number;
  cost: number;
  freeFrom: number | null;
  /** How many more orders of the shop's plan period ship free from `freeFrom` (null: no limit); at 0 shipping is paid again. */
  freeOrdersLeft: number | null;
  minimumOrder: number | null;
}

export const shippingOfferOf = (shop: ShopTerms): ShippingOffer => ({
  enabled: shipsAtAll(shop),
  radiusKm: shippingRadiusOf(shop),
  cost: shop.shippingCostCents ?? 0,
  freeFrom: shop.freeShippingThresholdCents,
  freeOrdersLeft: shop.freeShippingOrdersLeft ?? null,
  minimumOrder: shop.minimumOrderForShippingCents,
});

export interface Position {
  latitude: number;
  longitude: number;
}

/** What shipping from one shop would mean for this subtotal and this address. */
export interface ShippingCheck {
  /** The shop ships at all. */
  offered: boolean;
  cost: number;
  /** The subtotal reaches the free-shipping threshold, and the shop's plan still has free orders this period. */
  free: boolean;
  /** The shop's plan has no free-shipping orders left this period: shipping is paid whatever the subtotal. */
  freeUsedUp: boolean;
  /** How much more to spend for free shipping; null when there is no threshold or it is reached. */
  missingForFree: number | null;
  meetsMinimum: boolean;
  /** Null until a position is chosen. */
  distance: number | null;
  inRadius: boolean | null;
  /** Shipping can be chosen: offered, minimum reached, and the position (once given) inside the radius. */
  ok: boolean;
}

/** Rounded to the hundredth: euros keep their cents exact, whole cents stay whole. */
const hundredths = (n: number) => Math.round(n * 100) / 100;

/** The shop's shipping terms applied to a subtotal and (once chosen) a position, in the offer's unit of money. */
export function checkShipping(store: Position & { subtotal: number; shipping: ShippingOffer }, position: Position | null): ShippingCheck {
  const { shipping, subtotal } = store;
  const freeUsedUp = shipping.freeFrom !== null && shipping.freeOrdersLeft === 0 && shipping.cost > 0;
  const free = shipping.freeFrom !== null && subtotal >= shipping.freeFrom && !freeUsedUp;
  const meetsMinimum = shipping.minimumOrder === null || subtotal >= shipping.minimumOrder;
  const distance = position ? distanceKm(store, position) : null;
  const inRadius = distance === null ? null : distance <= shipping.radiusKm;
  return {
    offered: shipping.enabled,
    cost: free ? 0 : shipping.cost,
    free,
    freeUsedUp,
    missingForFree: shipping.freeFrom !== null && !free && !freeUsedUp && shipping.cost > 0 ? hundredths(shipping.freeFrom - subtotal) : null,
    meetsMinimum,
    distance,
    inRadius,
    ok: shipping.enabled && meetsMinimum && inRadius !== false,
  };
}

/** The shipping cost for a subtotal: nothing from the free-shipping threshold up, while the plan's free orders of the period last. */
export const shippingCostFor = (shop: ShopTerms, subtotalCents: Cents): Cents =>
  checkShipping({ latitude: shop.latitude, longitude: shop.longitude, subtotal: subtotalCents, shipping: shippingOfferOf(shop) }, null).cost;

/** The messages of a refused shipping, the same in the checkout form and in the order's 422. */
export const shippingMessages = {
  notShipping: 'Questo negozio non effettua spedizioni: scegli il ritiro in negozio.',
  noAddress: 'Scrivi l’indirizzo di consegna.',
  outOfRadius: (distance: number, radiusKm: number) => `L’indirizzo è a ${formatKm(distance)}: il negozio spedisce entro ${formatKm(radiusKm)}.`,
};

/**
 * Why a shop offers no pickup (its hours are not stated yet), and what is left, as the cart and the
 * checkout say it: shipping, when it ships, or nothing. Null when the customer can collect there.
 * The order's 422 says the same (`deliveryTerms`).
 */
export function noPickupText(store: { pickup: boolean; shipping: { enabled: boolean } }): string | null {
  if (store.pickup) return null;
  return store.shipping.enabled
    ? `${noHoursMessage}: per ora non si può ritirare lì, ma puoi scegliere la spedizione.`
    : `${noHoursMessage} e non effettua spedizioni: per ora non si può ordinare lì. Togli i suoi prodotti dal carrello per ordinare il resto.`;
}

/** Whether a shop of the cart can hand the order over at all: pickup, or shipping. */
export const storeDelivers = (store: { pickup: boolean; shipping: { enabled: boolean } }): boolean => store.pickup || store.shipping.enabled;

/**
 * The shop's rules applied to one delivery choice (issue #5): a broken rule is a 422 that says which
 * and why, keyed to the field (`field` is the prefix, e.g. "stores.0").
 */
export function deliveryTerms(shop: ShopTerms, subtotalCents: Cents, choice: DeliveryChoice, now: Date, field: string): DeliveryTerms {
  const fail = (name: string, message: string): never => {
    throw new DomainError(message, 'rule', { [`${field}.${name}`]: message });
  };
  if (choice.deliveryType === 'pickup') {
    if (!offersPickup(shop)) {
      return fail(
        'deliveryType',
        shipsAtAll(shop)
          ? `${noHoursMessage}: per ora non si può ritirare lì. Scegli la spedizione.`
          : `${noHoursMessage} e non effettua spedizioni: per ora non si può ordinare lì.`,
      );
    }
    if (!choice.pickupTime) return fail('pickupTime', 'Scegli quando passerai a ritirare.');
    const at = new Date(choice.pickupTime);
    if (Number.isNaN(at.getTime())) return fail('pickupTime', 'Orario di ritiro non valido.');
    if (at.getTime() <= now.getTime()) return fail('pickupTime', 'Scegli un orario di ritiro futuro.');
    if (at.getTime() > now.getTime() + maxPickupDaysAhead * 86_400_000) {
      return fail('pickupTime', `Il ritiro si può fissare al massimo ${maxPickupDaysAhead} giorni avanti.`);
    }
    if (!isOpenAt(shop.openingHours, at)) return fail('pickupTime', 'Il negozio è chiuso all’orario scelto per il ritiro.');
    return { shippingCostCents: 0, pickupTime: at.toISOString(), deliveryAddress: null, deliveryLatitude: null, deliveryLongitude: null };
  }
  const offer = shippingOfferOf(shop);
  if (!offer.enabled) return fail('deliveryType', shippingMessages.notShipping);
  const address = choice.deliveryAddress?.trim();
  if (!address) return fail('deliveryAddress', shippingMessages.noAddress);
  const { deliveryLatitude: latitude, deliveryLongitude: longitude } = choice;
  if (latitude == null || longitude == null) return fail('deliveryAddress', 'Indica sulla mappa dove consegnare.');
  const check = checkShipping({ latitude: shop.latitude, longitude: shop.longitude, subtotal: subtotalCents, shipping: offer }, { latitude, longitude });
  if (!check.inRadius) return fail('deliveryAddress', shippingMessages.outOfRadius(check.distance!, offer.radiusKm));
  if (!check.meetsMinimum) {
    return fail('deliveryType', `Per la spedizione serve un ordine minimo di ${formatCents(offer.minimumOrder!)} (ora ${formatCents(subtotalCents)}).`);
  }
  return { shippingCostCents: check.cost, pickupTime: null, deliveryAddress: address, deliveryLatitude: latitude, deliveryLongitude: longitude };
}

/** A shop's own payment options (its plan switches them on, the shop chooses). */
export interface ShopPaymentOptions {
  onlinePaymentsEnabled: boolean;
  stripePaymentsEnabled: boolean;
  paypalPaymentsEnabled: boolean;
  /**
   * The providers whose account of the shop takes payments now (payments/payment-account.ts):
   * a card is paid to the shop's Stripe account, PayPal to its own PayPal account (partner
   * referrals), a test payment to its test account.
   */
  accountsReady: readonly string[];
}

/**
 * The ways a shop takes payment now: cash always; online, what the shop accepts among the providers
 * the platform has switched on (`online`), each only once the shop's account there takes payments
 * (the money goes to the shop, issue [20]). The sandbox stands in for the real providers: a shop
 * taking card or PayPal takes it while the admin's test payments are on and its test account is active.
 */
export function paymentMethodsOf(shop: ShopPaymentOptions, online: ReadonlySet<OnlinePaymentMethod>): PaymentMethod[] {
  const methods: PaymentMethod[] = ['cash'];
  if (!shop.onlinePaymentsEnabled) return methods;
  if (shop.stripePaymentsEnabled && online.has('stripe') && shop.accountsReady.includes('stripe')) methods.push('stripe');
  if (shop.paypalPaymentsEnabled && online.has('paypal') && shop.accountsReady.includes('paypal')) methods.push('paypal');
  if ((shop.stripePaymentsEnabled || shop.paypalPaymentsEnabled) && online.has('sandbox') && shop.accountsReady.includes('sandbox')) methods.push('sandbox');
  return methods;
}

/** The method asked, if the shop takes it; otherwise a 422 on `field` naming what it takes. */
export function checkPaymentMethod(method: PaymentMethod, accepted: readonly PaymentMethod[], shopName: string, field: string): void {
  if (accepted.includes(method)) return;
  const names = accepted.map((m) => paymentMethodNames[m]);
  const list = names.length === 1 ? `solo ${names[0]}` : `${names.slice(0, -1).join(', ')} o ${names.at(-1)}`;
  const message = `«${shopName}» non accetta ${paymentMethodNames[method] === 'carta' ? 'la carta' : paymentMethodNames[method]}: accetta ${list}.`;
  throw new DomainError(message, 'rule', { [field]: message });
}
