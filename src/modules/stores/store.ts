import type { Decider, DomainEvent } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/errors.js';
import { checkAmount, checkCoordinates, checkRange, checkTime, MAX_DELIVERY_RADIUS_KM, MAX_SHIPPING_AMOUNT_CENTS, MAX_SHIPPING_RADIUS_KM } from '../../platform/domain/limits.js';
import type { Cents } from '../../platform/domain/money.js';

export type StoreStatus = 'pending' | 'active' | 'suspended';

export const storeStreamId = (storeId: string): string => `store-${storeId}`;

/** Opening hours by weekday (0 = Sunday … 6 = Saturday): intervals "HH:MM"–"HH:MM"; none = closed. */
export type OpeningHours = Record<'0' | '1' | '2' | '3' | '4' | '5' | '6', { open: string; close: string }[]>;

/** What a shopkeeper tells about the shop (spec §3 stores). */
export interface StoreProfile {
  name: string;
  description: string;
  address: string;
  phone: string | null;
  email: string | null;
  website: string | null;
  category: string;
  storeType: 'retail' | 'wholesale';
  latitude: number;
  longitude: number;
  /**
   * Null until the owner states them (spec §3 asks only for address and position): the shop shows
   * "Orari non indicati" and offers no pickup meanwhile, since nobody can say when to come.
   */
  openingHours: OpeningHours | null;
  deliveryRadius: number;
  logo: string | null;
  images: string[];
  showPhone: boolean;
  showEmail: boolean;
  showMap: boolean;
  shippingEnabled: boolean;
  pickupOnly: boolean;
  shippingRadius: number | null;
  minimumOrderForShippingCents: Cents | null;
  shippingCostCents: Cents | null;
  freeShippingThresholdCents: Cents | null;
  shippingNote: string | null;
  onlinePaymentsEnabled: boolean;
  stripePaymentsEnabled: boolean;
  paypalPaymentsEnabled: boolean;
}

export type StoreCommand =
  | { type: 'CreateStore'; storeId: string; ownerId: string; slug: string; profile: StoreProfile; allowance?: PlanAllowance }
  /** `allowance`: what the owner's active plans allow, when the owner changes the settings. */
  | { type: 'UpdateStore'; changes: Partial<StoreProfile>; allowance?: PlanAllowance }
  | { type: 'ApproveStore' }
  | { type: 'SuspendStore'; reason: string }
  | { type: 'ReactivateStore' }
  /** A plan bought (or renewed) by the owner is now the store's, until `expiresAt`. */
  | { type: 'SetStorePlan'; packageId: string; expiresAt: string }
  /** The plan ended by itself: the options it allowed switch off (orders already placed keep their terms). */
  | { type: 'EndStorePlan'; packageId: string; now: Date }
  /**
   * A purchase was taken back (refunded): the store runs on the plan that remains (`plan`, or none),
   * the options the remaining plans do not allow (`allows`) switch off, and shipping comes within
   * their radius (`shippingRadius`, null: none limits it).
   */
  | { type: 'FollowPlans'; plan: { packageId: string; expiresAt: string } | null; allows: Record<PlanOption, boolean>; shippingRadius: number | null; reason: string };

/** Status events name the owner: whoever reacts to them (notifications) needs no other lookup. */
export type StoreEvent =
  | DomainEvent<'StoreCreated', { storeId: string; ownerId: string; slug: string; profile: StoreProfile }>
  | DomainEvent<'StoreUpdated', { changes: Partial<StoreProfile> }>
  | DomainEvent<'StoreApproved', { ownerId: string; name: string }>
  | DomainEvent<'StoreSuspended', { ownerId: string; name: string; reason: string }>
  | DomainEvent<'StoreReactivated', { ownerId: string; name: string }>
  | DomainEvent<'StorePlanChanged', { packageId: string; expiresAt: string }>
  | DomainEvent<'StorePlanEnded', { ownerId: string; name: string; packageId: string; switchedOff: Partial<StoreProfile> }>
  | DomainEvent<'StorePlanRevised', { ownerId: string; name: string; plan: { packageId: string; expiresAt: string } | null; changes: Partial<StoreProfile>; reason: string }>;

/** The options a plan must allow to be switched on (packages/entitlement.ts says which plan does). */
export const planOptions = ['shippingEnabled', 'onlinePaymentsEnabled', 'stripePaymentsEnabled', 'paypalPaymentsEnabled'] as const satisfies readonly (keyof StoreProfile)[];
export type PlanOption = (typeof planOptions)[number];

/** What the owner's active plans allow, and the catalogue's plans that would allow each option. */
export interface PlanAllowance {
  allows: Record<PlanOption, boolean>;
  /** The widest shipping radius the active plans allow (km); null when none limits it. */
  shippingRadius: number | null;
  plansFor: Record<PlanOption, string[]>;
}

/** The options a plan switches, as a sentence names them (the admin's activity). */
export const planOptionNames: Record<PlanOption | 'shippingRadius', string> = {
  shippingEnabled: 'spedizioni',
  shippingRadius: 'raggio di spedizione',
  onlinePaymentsEnabled: 'pagamenti online',
  stripePaymentsEnabled: 'carta (Stripe)',
  paypalPaymentsEnabled: 'PayPal',
};

const optionLabels: Record<PlanOption, string> = {
  shippingEnabled: 'Le spedizioni',
  onlinePaymentsEnabled: 'I pagamenti online',
  stripePaymentsEnabled: 'I pagamenti con carta (Stripe)',
  paypalPaymentsEnabled: 'I pagamenti con PayPal',
};

const plansNamed = (names: string[]): string =>
  names.length === 0
    ? 'un piano che le includa'
    : names.length === 1
      ? `il piano «${names[0]}»`
      : `uno dei piani ${names
          .slice(0, -1)
          .map((n) => `«${n}»`)
          .join(', ')} o «${names.at(-1)}»`;

/**
 * The options a change switches on (from off in `current`) must be allowed by an active plan, and
 * shipping stays within the plan's radius: a 422 naming the plans to buy. Switching off is always allowed.
 */
function checkAllowance(changes: Partial<StoreProfile>, current: Partial<StoreProfile>, allowance: PlanAllowance): void {
  for (const option of planOptions) {
    if (changes[option] !== true || current[option] === true || allowance.allows[option]) continue;
    throw new DomainError(`${optionLabels[option]} richiedono ${plansNamed(allowance.plansFor[option])}: lo trovi nella pagina Pacchetti.`, 'rule', {
      [option]: `Serve ${plansNamed(allowance.plansFor[option])}.`,
    });
  }
  const shipping = changes.shippingEnabled ?? current.shippingEnabled;
  // Without a shipping radius of its own a shop ships within its delivery radius (orders/delivery.ts).
  const radius = (changes.shippingRadius !== undefined ? changes.shippingRadius : current.shippingRadius) ?? changes.deliveryRadius ?? current.deliveryRadius ?? 0;
  const touched = changes.shippingEnabled !== undefined || changes.shippingRadius !== undefined || changes.deliveryRadius !== undefined;
  if (shipping && touched && allowance.shippingRadius !== null && radius > allowance.shippingRadius) {
    const km = allowance.shippingRadius.toLocaleString('it-IT');
    throw new DomainError(`Il tuo piano consente le spedizioni entro ${km} km: indica un raggio di spedizione fino a ${km} km.`, 'rule', {
      shippingRadius: `Raggio di spedizione: al massimo ${km} km con il tuo piano.`,
    });
  }
}

export interface StoreState {
  exists: boolean;
  status: StoreStatus;
  ownerId: string;
  profile: StoreProfile | null;
  plan: { packageId: string; expiresAt: string } | null;
}

/** The numbers of a profile, within what the read models hold (limits.ts). */
function checkProfileNumbers(profile: Partial<StoreProfile>): void {
  if (profile.latitude !== undefined || profile.longitude !== undefined) {
    checkCoordinates(profile.latitude ?? 0, profile.longitude ?? 0);
  }
  if (profile.deliveryRadius !== undefined) checkRange('deliveryRadius', 'Raggio di consegna (km)', profile.deliveryRadius, { min: 0, max: MAX_DELIVERY_RADIUS_KM });
  if (profile.shippingRadius != null) checkRange('shippingRadius', 'Raggio di spedizione (km)', profile.shippingRadius, { min: 0, max: MAX_SHIPPING_RADIUS_KM });
  const amounts = [
    ['minimumOrderForShippingCents', 'minimumOrderForShipping', 'Ordine minimo per la spedizione'],
    ['shippingCostCents', 'shippingCost', 'Costo di spedizione'],
    ['freeShippingThresholdCents', 'freeShippingThreshold', 'Soglia di spedizione gratuita'],
  ] as const;
  // Refusals name the form's field, in euros at the edge.
  for (const [key, field, label] of amounts) {
    const amount = profile[key];
    if (amount != null) checkAmount(field, label, amount, { max: MAX_SHIPPING_AMOUNT_CENTS });
  }
}

export const storeDecider: Decider<StoreCommand, StoreEvent, StoreState> = {
  initialState: { exists: false, status: 'pending', ownerId: '', profile: null, plan: null },

  decide(command, state) {
    if (command.type === 'CreateStore') {
      if (state.exists) throw new DomainError('Il negozio esiste già.', 'conflict');
      checkProfileNumbers(command.profile);
      if (command.allowance) checkAllowance(command.profile, {}, command.allowance);
      const { type: _type, allowance: _allowance, ...data } = command;
      return [{ type: 'StoreCreated', data }];
    }
    if (!state.exists || !state.profile) throw new DomainError('Negozio non trovato.', 'not-found');
    const who = { ownerId: state.ownerId, name: state.profile.name };
    switch (command.type) {
      case 'UpdateStore': {
        const current = state.profile;
        // A point moves whole: a latitude alone is checked with the longitude it will have.
        checkProfileNumbers({
          ...command.changes,
          ...(command.changes.latitude !== undefined || command.changes.longitude !== undefined
            ? { latitude: command.changes.latitude ?? current.latitude, longitude: command.changes.longitude ?? current.longitude }
            : {}),
        });
        if (command.allowance) checkAllowance(command.changes, current, command.allowance);
        const changes = Object.fromEntries(
          Object.entries(command.changes).filter(([key, value]) => value !== undefined && JSON.stringify(current[key as keyof StoreProfile]) !== JSON.stringify(value)),
        ) as Partial<StoreProfile>;
        return Object.keys(changes).length ? [{ type: 'StoreUpdated', data: { changes } }] : [];
      }
      case 'ApproveStore':
        if (state.status !== 'pending') throw new DomainError('Solo un negozio in attesa può essere approvato.', 'rule');
        return [{ type: 'StoreApproved', data: who }];
      case 'SuspendStore':
        if (state.status === 'suspended') throw new DomainError('Il negozio è già sospeso.', 'rule');
        return [{ type: 'StoreSuspended', data: { ...who, reason: command.reason } }];
      case 'ReactivateStore':
        if (state.status !== 'suspended') throw new DomainError('Solo un negozio sospeso può essere riattivato.', 'rule');
        return [{ type: 'StoreReactivated', data: who }];
      case 'SetStorePlan':
        if (state.plan?.packageId === command.packageId && state.plan.expiresAt === command.expiresAt) return [];
        checkTime('expiresAt', 'Scadenza del piano', command.expiresAt);
        return [{ type: 'StorePlanChanged', data: { packageId: command.packageId, expiresAt: command.expiresAt } }];
      case 'EndStorePlan': {
        // A plan replaced or renewed meanwhile is not ended by what a late read model says.
        if (state.plan?.packageId !== command.packageId || new Date(state.plan.expiresAt).getTime() > command.now.getTime()) return [];
        const switchedOff = Object.fromEntries(planOptions.filter((o) => state.profile?.[o]).map((o) => [o, false])) as Partial<StoreProfile>;
        return [{ type: 'StorePlanEnded', data: { ...who, packageId: command.packageId, switchedOff } }];
      }
      case 'FollowPlans': {
        const profile = state.profile;
        if (command.plan) checkTime('expiresAt', 'Scadenza del piano', command.plan.expiresAt);
        if (command.shippingRadius !== null) checkRange('shippingRadius', 'Raggio di spedizione (km)', command.shippingRadius, { min: 0, max: MAX_SHIPPING_RADIUS_KM });
        const changes = Object.fromEntries(planOptions.filter((o) => profile[o] && !command.allows[o]).map((o) => [o, false])) as Partial<StoreProfile>;
        // Shipping that stays on keeps within what the remaining plans allow, as checkAllowance asks of the owner.
        const radius = profile.shippingRadius ?? profile.deliveryRadius;
        if (profile.shippingEnabled && command.allows.shippingEnabled && command.shippingRadius !== null && radius > command.shippingRadius)
          changes.shippingRadius = command.shippingRadius;
        const samePlan = (state.plan?.packageId ?? null) === (command.plan?.packageId ?? null) && (state.plan?.expiresAt ?? null) === (command.plan?.expiresAt ?? null);
        if (samePlan && Object.keys(changes).length === 0) return [];
        return [{ type: 'StorePlanRevised', data: { ...who, plan: command.plan, changes, reason: command.reason } }];
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'StoreCreated':
        return { exists: true, status: 'pending', ownerId: event.data.ownerId, profile: event.data.profile, plan: null };
      case 'StoreUpdated':
        return { ...state, profile: state.profile && { ...state.profile, ...event.data.changes } };
      case 'StoreApproved':
      case 'StoreReactivated':
        return { ...state, status: 'active' };
      case 'StoreSuspended':
        return { ...state, status: 'suspended' };
      case 'StorePlanChanged':
        return { ...state, plan: { packageId: event.data.packageId, expiresAt: event.data.expiresAt } };
      case 'StorePlanEnded':
        return { ...state, plan: null, profile: state.profile && { ...state.profile, ...event.data.switchedOff } };
      case 'StorePlanRevised':
        return { ...state, plan: event.data.plan, profile: state.profile && { ...state.profile, ...event.data.changes } };
      default:
        return state;
    }
  },
};
