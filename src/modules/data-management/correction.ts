import type { Decider } from '../../platform/domain/decider.js';
import type { EventCorrection } from '../../platform/eventstore/corrections.js';

/** As `eventCorrected` of the platform (eventstore/corrections.ts), which a pure decider does not import. */
const eventCorrected = 'EventCorrected';

/*
 * An event's corrections (issue [16]), one stream an event: `correction-<eventId>`. Each
 * correction supersedes the event's fields for the read models; a later one goes on top of the
 * earlier ones. The original event is never touched.
 */

export type CorrectionCommand = { type: 'CorrectEvent'; correction: EventCorrection };
export type CorrectionEvent = { type: typeof eventCorrected; data: EventCorrection };
export interface CorrectionState {
  /** The corrections written so far, oldest first. */
  corrections: EventCorrection[];
}

export const correctionDecider: Decider<CorrectionCommand, CorrectionEvent, CorrectionState> = {
  initialState: { corrections: [] },
  decide: (command) => [{ type: eventCorrected, data: command.correction }],
  evolve: (state, event) => (event.type === eventCorrected ? { corrections: [...state.corrections, event.data] } : state),
};
