/** Money as "€ 12,50" (design §5, spec §9: two decimals and the euro sign). */
export function formatMoney(value: number): string {
  return `€ ${value.toLocaleString('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('it-IT', { day: 'numeric', month: 'short', year: 'numeric' });
}

/** Text for matching what a person typed: lower case, accents gone ("Caffè" and "caffe" meet). */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('it-IT');
}
