import { formatCents } from '../../platform/domain/money.js';
import { romeDate, withReason } from '../../platform/domain/format.js';
import type { RecordedEvent } from '../../platform/eventstore/types.js';
import { notice, type NoticesOf } from '../../platform/module.js';
import { creditsCount } from '../credits/ledger.js';
import type { CaseEvent } from './case.js';

/** A case's page (complaints and disputes, issue [14]). */
const caseLink = (event: RecordedEvent) => `/complaints/${event.streamId.slice('complaint-'.length)}`;

/**
 * A complaint or a dispute (issue [14]): each party hears of the moves that concern them. The other
 * party hears of the case when it is filed (a shop of a customer's dispute at once, not only once
 * an admin asks), and both hear its outcome.
 */
export const caseNotices: NoticesOf<CaseEvent> = {
  CaseFiled: {
    tell: (event) => [
      notice(
        event.data.respondent.userId,
        event.data.kind === 'dispute' ? 'Contestazione su un tuo ordine' : 'Reclamo su una sessione',
        `«${event.data.title}»: leggi il caso e, se vuoi, aggiungi la tua versione e dei file. Un amministratore lo esaminerà e ti scriverà se serve una tua risposta.`,
        caseLink(event),
      ),
    ],
  },
  CaseTaken: {
    tell: (event) => [
      notice(
        event.data.complainantId,
        event.data.round === 2 ? 'Ricorso in esame' : 'Caso in esame',
        event.data.round === 2 ? 'Un altro amministratore sta esaminando il tuo ricorso.' : 'Un amministratore ha preso in carico il tuo caso.',
        caseLink(event),
      ),
    ],
  },
  CaseRespondentAsked: {
    tell: (event) => [
      notice(
        event.data.respondentId,
        'Ti chiediamo di rispondere',
        `Un amministratore ti chiede di rispondere a un caso che ti riguarda entro il ${romeDate(event.data.answerBy)}: ${event.data.question}`,
        caseLink(event),
      ),
    ],
  },
  CaseRespondentAnswered: {
    tell: (event) => [notice(event.data.complainantId, 'L’altra parte ha risposto', 'Nel tuo caso è arrivata la risposta dell’altra parte.', caseLink(event))],
  },
  CaseResolved: {
    tell: (event) => [
      notice(event.data.complainantId, 'Caso risolto', event.data.adminResponse, caseLink(event)),
      notice(event.data.respondentId, 'Caso risolto', `Decisione: ${event.data.resolutionAction}`, caseLink(event)),
    ],
  },
  CaseRejected: {
    tell: (event) => [
      notice(
        event.data.complainantId,
        'Caso respinto',
        withReason(event.data.round === 2 ? 'Il ricorso è stato respinto: la decisione è definitiva.' : 'Il tuo caso è stato respinto.', event.data.reason),
        caseLink(event),
      ),
      notice(
        event.data.respondentId,
        'Caso respinto',
        withReason(
          event.data.round === 2 ? 'Il ricorso sul caso che ti riguarda è stato respinto: la decisione è definitiva.' : 'Il caso che ti riguarda è stato respinto.',
          event.data.reason,
        ),
        caseLink(event),
      ),
    ],
  },
  CaseCompensationPaid: {
    tell: (event) => [
      notice(
        event.data.complainantId,
        'Indennizzo pagato',
        event.data.compensation.method === 'refund'
          ? `Ti abbiamo rimborsato ${formatCents(event.data.compensation.amountCents)} sul metodo di pagamento usato.`
          : `Hai ricevuto ${creditsCount(event.data.compensation.credits)} AI come indennizzo.`,
        caseLink(event),
      ),
    ],
  },
  CaseAppealed: {
    tell: (event) => [
      notice(event.data.respondentId, 'Ricorso presentato', 'Chi ha presentato il caso ha fatto ricorso: un altro amministratore lo riesaminerà.', caseLink(event)),
    ],
  },
};
