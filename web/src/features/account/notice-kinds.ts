import type { Role } from '../../lib/types';
import type { NoticeKind } from './api';

/** How each kind of notice reads on the settings page, per role (what the notices say differs). */
export function noticeKindText(kind: NoticeKind, role: Role): { label: string; description: string } {
  switch (kind) {
    case 'orders':
      return role === 'shopkeeper'
        ? { label: 'Ordini', description: 'Nuovi ordini e ordini annullati dai clienti.' }
        : { label: 'Ordini', description: 'Quando il negozio accetta, prepara, spedisce o annulla un tuo ordine.' };
    case 'reservations':
      return role === 'shopkeeper'
        ? { label: 'Prenotazioni', description: 'Nuove prenotazioni e prenotazioni annullate dai clienti.' }
        : { label: 'Prenotazioni', description: 'Conferme, prodotti pronti da ritirare, annullamenti e scadenze.' };
    case 'store':
      return { label: 'Il tuo negozio', description: 'Approvazione, sospensione e riattivazione da parte dell’amministrazione.' };
  }
}
