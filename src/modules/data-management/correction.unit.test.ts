import { describe, expect, it } from 'vitest';
import { fold } from '../../platform/domain/decider.js';
import { eventCorrected, type EventCorrection } from '../../platform/eventstore/corrections.js';
import type { Position } from '../../platform/eventstore/types.js';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { correctionDecider, type CorrectionEvent } from './correction.js';

/*
 * An event's corrections (issue [16]): the command (commands.ts) checks the event, the patch and
 * the reason against the read models; the decider records each correction on top of the earlier
 * ones, and never refuses one.
 */
const spec = deciderSpec(correctionDecider);
const correction = (data: Record<string, unknown>, reason: string): EventCorrection => ({
  eventId: 'ev1',
  eventType: 'ProductCreated',
  streamId: 'product-p1',
  revision: 0,
  position: '0000000000000042' as Position,
  data,
  reason,
});
const first = correction({ price: 1250 }, 'Prezzo scritto in euro invece che in centesimi');
const second = correction({ price: 1300, name: 'Pane' }, 'Corretto di nuovo');

describe('an event’s corrections', () => {
  it('record the correction whole, as the platform’s EventCorrected that the read models’ readers apply', () => {
    spec
      .given([])
      .when({ type: 'CorrectEvent', correction: first })
      .then([{ type: 'EventCorrected', data: first }]);
    expect(eventCorrected).toBe('EventCorrected');
  });

  it('go on top of the earlier ones: a second correction, even of the same fields, is recorded too', () => {
    const recorded: CorrectionEvent = { type: 'EventCorrected', data: first };
    spec
      .given([recorded])
      .when({ type: 'CorrectEvent', correction: second })
      .then([{ type: 'EventCorrected', data: second }]);
    spec.given([recorded]).when({ type: 'CorrectEvent', correction: first }).then([recorded]);
  });

  it('are kept oldest first, as the history shows them', () => {
    expect(correctionDecider.initialState).toEqual({ corrections: [] });
    expect(
      fold(correctionDecider, [
        { type: 'EventCorrected', data: first },
        { type: 'EventCorrected', data: second },
      ]),
    ).toEqual({ corrections: [first, second] });
  });

  it('record an empty patch or a nested one as given: what a patch may hold is the command’s to check', () => {
    const nested = correction({ address: { city: 'Roma' }, tags: [] }, 'Indirizzo');
    spec
      .given([])
      .when({ type: 'CorrectEvent', correction: nested })
      .then([{ type: 'EventCorrected', data: nested }]);
    const empty = correction({}, 'Nulla');
    spec
      .given([])
      .when({ type: 'CorrectEvent', correction: empty })
      .then([{ type: 'EventCorrected', data: empty }]);
  });
});
