/** A rating as the site writes every number: "4,5". */
/** A distance or a radius in kilometres, written the Italian way («2,5 km»). */
export const km = (radius: number): string => `${radius.toLocaleString('it-IT')} km`;

export const formatRating = (rating: number): string => rating.toLocaleString('it-IT', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** Text for matching what a person typed: lower case, accents gone ("Caffè" and "caffe" meet). */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('it-IT');
}

/**
 * Why a text is longer than the API keeps (its contract refuses it too), else undefined. A text
 * is never cut to its limit (the browser's `maxLength` cuts a pasted text without a word): the
 * person sees how much is over and shortens it.
 */
export const tooLong = (value: string, limit: number): string | undefined => (value.length > limit ? `Al massimo ${limit} caratteri: ne hai scritti ${value.length}.` : undefined);
