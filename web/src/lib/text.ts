/** A rating as the site writes every number: "4,5". */
export const formatRating = (rating: number): string => rating.toLocaleString('it-IT', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** Text for matching what a person typed: lower case, accents gone ("Caffè" and "caffe" meet). */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('it-IT');
}
