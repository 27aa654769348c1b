/* A package unlock's states and their Italian names, for the server and the web alike (@pure/package-unlocks/labels). Pure data. */

export const unlockStatuses = ['locked', 'unlocked_collaborator', 'unlocked_admin', 'purchased'] as const;
export type UnlockStatus = (typeof unlockStatuses)[number];

export const unlockStatusLabels: Record<UnlockStatus, string> = {
  locked: 'Bloccato',
  unlocked_collaborator: 'Sbloccato dal collaboratore',
  unlocked_admin: 'Sbloccato dall’amministrazione',
  purchased: 'Acquistato',
};

/** Where the shop's latest attempt to pay an unlock stands (a payment's states before it completes). */
export const purchaseAttemptStatuses = ['pending', 'processing', 'completed', 'failed', 'cancelled', 'refunded'] as const;
export type PurchaseAttemptStatus = (typeof purchaseAttemptStatuses)[number];
