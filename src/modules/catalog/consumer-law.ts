/**
 * What Italian consumer law says of a product by its category (spec §3's retail categories), in
 * one place: the Omnibus price rule (Codice del Consumo art. 17-bis) and the right of withdrawal
 * (artt. 52–59). Pure: the web pages import it too.
 */

/** Foods and farm goods that spoil quickly: exempt from the Omnibus reference price (art. 17-bis, c. 4) and from withdrawal (art. 59, lett. d). */
export const perishableCategories: readonly string[] = ['panetteria', 'ortofrutta', 'macelleria', 'pescheria', 'fiori'];

/** True when a product of `category` is a perishable good. */
export const isPerishableCategory = (category: string | null | undefined): boolean => category != null && perishableCategories.includes(category);

/**
 * Whether a product on sale must show the lowest price of the previous 30 days (art. 17-bis):
 * every category but the perishable ones.
 */
export const omnibusApplies = (category: string | null | undefined): boolean => !isPerishableCategory(category);

/** How many days the Omnibus reference looks back: the lowest price in force in the 30 days before the reduction. */
export const OMNIBUS_LOOKBACK_DAYS = 30;

/** Days a customer has to withdraw from a shipped order, from the day it was delivered (art. 52). */
export const WITHDRAWAL_DAYS = 14;

export interface WithdrawalExclusion {
  /** The letter of art. 59 that excludes it. */
  article: string;
  /** Why, in Italian, for the order page. */
  reason: string;
}

/** The categories excluded from withdrawal, with the reason the order page gives (art. 59). */
const exclusions: Readonly<Record<string, WithdrawalExclusion>> = {
  ...Object.fromEntries(
    perishableCategories.map((category) => [
      category,
      { article: 'art. 59, lett. d', reason: 'Prodotto deperibile: si deteriora o scade rapidamente, quindi il diritto di recesso non si applica.' },
    ]),
  ),
  farmacia: {
    article: 'art. 59, lett. e',
    reason: 'Prodotto sigillato per motivi igienici o di tutela della salute: una volta consegnato non può essere restituito.',
  },
  bellezza: {
    article: 'art. 59, lett. e',
    reason: 'Prodotto sigillato per motivi igienici: una volta consegnato non può essere restituito.',
  },
  edicola: {
    article: 'art. 59, lett. i',
    reason: 'Giornali e riviste sono esclusi dal diritto di recesso.',
  },
};

/** Why a product of `category` cannot be withdrawn from, or null when the right applies. */
export const withdrawalExclusion = (category: string | null | undefined): WithdrawalExclusion | null =>
  category != null && Object.hasOwn(exclusions, category) ? exclusions[category]! : null;
