import { distanceKm, formatKm } from '../../platform/domain/format.js';
import { formatCents, type Cents } from '../../platform/domain/money.js';
import { DomainError } from '../../platform/domain/errors.js';
import type { OpeningHours } from '../stores/store.js';
import { isOpenAt } from '../stores/opening-hours.js';
import type { DeliveryType, OnlinePaymentMethod, PaymentMethod } from './order.js';

/** What a shop allows, as its read model holds it. */
export interface ShopTerms {
  latitude: number;
  longitude: number;
  openingHours: OpeningHours | null;
  deliveryRadius: number;
  shippingEnabled: boolean;
  pickupOnly: boolean;
  shippingRadius: number | null;
  minimumOrderForShippingCents: Cents | null;
  shippingCostCents: Cents | null;
  freeShippingThresholdCents: Cents | null;
  /** How many more orders of its plan's period ship free (packages/free-shipping.ts); null or absent: no limit. */
  freeShippingOrdersLeft?: number | null;
}

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
/** The shipping cost for a subtotal: nothing from the free-shipping threshold up, while the plan's free orders of the period last. */
export const shippingCostFor = (shop: ShopTerms, subtotalCents: Cents): Cents =>
  shop.freeShippingThresholdCents !== null && subtotalCents >= shop.freeShippingThresholdCents && (shop.freeShippingOrdersLeft ?? 1) > 0 ? 0 : (shop.shippingCostCents ?? 0);

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
  if (!shipsAtAll(shop)) return fail('deliveryType', 'Questo negozio non effettua spedizioni: scegli il ritiro in negozio.');
  const address = choice.deliveryAddress?.trim();
  if (!address) return fail('deliveryAddress', 'Scrivi l’indirizzo di consegna.');
  const { deliveryLatitude: latitude, deliveryLongitude: longitude } = choice;
  if (latitude == null || longitude == null) return fail('deliveryAddress', 'Indica sulla mappa dove consegnare.');
  const distance = distanceKm(shop, { latitude, longitude });
  const radius = shippingRadiusOf(shop);
  if (distance > radius) {
    return fail('deliveryAddress', `L’indirizzo è a ${formatKm(distance)}: il negozio spedisce entro ${formatKm(radius)}.`);
  }
  if (shop.minimumOrderForShippingCents !== null && subtotalCents < shop.minimumOrderForShippingCents) {
    return fail('deliveryType', `Per la spedizione serve un ordine minimo di ${formatCents(shop.minimumOrderForShippingCents)} (ora ${formatCents(subtotalCents)}).`);
  }
  return { shippingCostCents: shippingCostFor(shop, subtotalCents), pickupTime: null, deliveryAddress: address, deliveryLatitude: latitude, deliveryLongitude: longitude };
}

/** A shop's own payment options (its plan switches them on, the shop chooses). */
export interface ShopPaymentOptions {
  onlinePaymentsEnabled: boolean;
  stripePaymentsEnabled: boolean;
  paypalPaymentsEnabled: boolean;
}

/**
 * The ways a shop takes payment now: cash always; online, what the shop accepts among the providers
 * the platform has switched on (`online`). The sandbox stands in for the real providers: a shop
 * taking card or PayPal takes it while the admin's test payments are on.
 */
export function paymentMethodsOf(shop: ShopPaymentOptions, online: ReadonlySet<OnlinePaymentMethod>): PaymentMethod[] {
  const methods: PaymentMethod[] = ['cash'];
  if (!shop.onlinePaymentsEnabled) return methods;
  if (shop.stripePaymentsEnabled && online.has('stripe')) methods.push('stripe');
  if (shop.paypalPaymentsEnabled && online.has('paypal')) methods.push('paypal');
  if ((shop.stripePaymentsEnabled || shop.paypalPaymentsEnabled) && online.has('sandbox')) methods.push('sandbox');
  return methods;
}

export const paymentMethodNames: Record<PaymentMethod, string> = {
  cash: 'contanti',
  stripe: 'carta',
  paypal: 'PayPal',
  sandbox: 'pagamento di prova',
};

/** The method asked, if the shop takes it; otherwise a 422 on `field` naming what it takes. */
export function checkPaymentMethod(method: PaymentMethod, accepted: readonly PaymentMethod[], shopName: string, field: string): void {
  if (accepted.includes(method)) return;
  const names = accepted.map((m) => paymentMethodNames[m]);
  const list = names.length === 1 ? `solo ${names[0]}` : `${names.slice(0, -1).join(', ')} o ${names.at(-1)}`;
  const message = `«${shopName}» non accetta ${paymentMethodNames[method] === 'carta' ? 'la carta' : paymentMethodNames[method]}: accetta ${list}.`;
  throw new DomainError(message, 'rule', { [field]: message });
}
