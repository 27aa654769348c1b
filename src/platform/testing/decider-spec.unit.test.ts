import { describe, expect, it } from 'vitest';
import type { Decider, DomainEvent } from '../domain/decider.js';
import { DomainError } from '../domain/errors.js';
import { deciderSpec } from './decider-spec.js';

// A shelf of jars: stock them, take some (never more than there are), and nothing on a closed shelf.
type Command = { type: 'Stock'; jars: number } | { type: 'Take'; jars: number } | { type: 'Close' };
type Event = DomainEvent<'Stocked', { jars: number }> | DomainEvent<'Taken', { jars: number }> | DomainEvent<'Closed', Record<string, never>>;
interface State {
  jars: number;
  closed: boolean;
}

const shelf: Decider<Command, Event, State> = {
  initialState: { jars: 0, closed: false },
  decide(command, state) {
    if (state.closed) throw new DomainError('Scaffale chiuso.', 'conflict');
    switch (command.type) {
      case 'Stock':
        return command.jars === 0 ? [] : [{ type: 'Stocked', data: { jars: command.jars } }];
      case 'Take':
        if (command.jars > state.jars) throw new DomainError(`Disponibili solo ${state.jars} vasetti.`, 'rule', { jars: 'Troppi.' });
        return [{ type: 'Taken', data: { jars: command.jars } }];
      case 'Close':
        if (state.jars > 0) throw new TypeError('still full');
        return [
          { type: 'Closed', data: {} },
          { type: 'Closed', data: {} },
        ];
    }
  },
  evolve(state, event) {
    if (event.type === 'Stocked') return { ...state, jars: state.jars + event.data.jars };
    if (event.type === 'Taken') return { ...state, jars: state.jars - event.data.jars };
    return { ...state, closed: true };
  },
};

const spec = deciderSpec(shelf);
const stocked = (jars: number): Event => ({ type: 'Stocked', data: { jars } });

describe('deciderSpec then', () => {
  it('passes when the decider decides exactly the expected events, after folding the history', () => {
    spec
      .given([])
      .when({ type: 'Stock', jars: 3 })
      .then([stocked(3)]);
    spec
      .given([stocked(3), stocked(2)])
      .when({ type: 'Take', jars: 5 })
      .then([{ type: 'Taken', data: { jars: 5 } }]);
    spec
      .given([])
      .when({ type: 'Close' })
      .then([
        { type: 'Closed', data: {} },
        { type: 'Closed', data: {} },
      ]);
  });

  it('fails on other events, fewer, more, or none, and when the decider refuses', () => {
    expect(() =>
      spec
        .given([])
        .when({ type: 'Stock', jars: 3 })
        .then([stocked(4)]),
    ).toThrow();
    expect(() => spec.given([]).when({ type: 'Stock', jars: 3 }).then([])).toThrow();
    expect(() =>
      spec
        .given([])
        .when({ type: 'Stock', jars: 3 })
        .then([stocked(3), stocked(3)]),
    ).toThrow();
    expect(() =>
      spec
        .given([])
        .when({ type: 'Close' })
        .then([{ type: 'Closed', data: {} }]),
    ).toThrow();
    expect(() =>
      spec
        .given([])
        .when({ type: 'Stock', jars: 0 })
        .then([stocked(0)]),
    ).toThrow();
    expect(() =>
      spec
        .given([])
        .when({ type: 'Take', jars: 1 })
        .then([{ type: 'Taken', data: { jars: 1 } }]),
    ).toThrow('Disponibili solo 0 vasetti.');
  });

  it('fails when the history is ignored: the same command decides otherwise on another state', () => {
    expect(() =>
      spec
        .given([stocked(1)])
        .when({ type: 'Take', jars: 1 })
        .thenThrows(),
    ).toThrow(/expected the decider to refuse/);
    spec
      .given([stocked(1), { type: 'Closed', data: {} }])
      .when({ type: 'Stock', jars: 1 })
      .thenThrows('Scaffale chiuso.');
  });

  it('thenNothing passes on no events only', () => {
    spec.given([]).when({ type: 'Stock', jars: 0 }).thenNothing();
    expect(() => spec.given([]).when({ type: 'Stock', jars: 1 }).thenNothing()).toThrow();
    expect(() => spec.given([]).when({ type: 'Take', jars: 1 }).thenNothing()).toThrow('Disponibili solo 0 vasetti.');
  });

  it('givenState starts from the state given, not from the initial one', () => {
    spec
      .givenState({ jars: 2, closed: false })
      .when({ type: 'Take', jars: 2 })
      .then([{ type: 'Taken', data: { jars: 2 } }]);
    expect(() =>
      spec
        .givenState({ jars: 0, closed: true })
        .when({ type: 'Stock', jars: 1 })
        .then([stocked(1)]),
    ).toThrow('Scaffale chiuso.');
  });
});

describe('deciderSpec thenThrows', () => {
  const take = spec.given([stocked(1)]).when({ type: 'Take', jars: 2 });
  const close = spec.given([stocked(1)]).when({ type: 'Close' });

  it('passes when the refusal passes every check', () => {
    take.thenThrows();
    take.thenThrows(DomainError);
    take.thenThrows(Error);
    take.thenThrows('Disponibili solo 1 vasetti.');
    take.thenThrows(/solo 1/);
    take.thenThrows({ kind: 'rule' });
    take.thenThrows({ message: 'Disponibili solo 1 vasetti.', kind: 'rule', errors: { jars: 'Troppi.' } });
    take.thenThrows((error) => error instanceof DomainError && error.kind === 'rule');
    take.thenThrows(DomainError, 'Disponibili solo 1 vasetti.', { kind: 'rule' });
    close.thenThrows(TypeError, 'still full');
  });

  it('fails when the decider decides instead of refusing, even nothing', () => {
    expect(() =>
      spec
        .given([stocked(2)])
        .when({ type: 'Take', jars: 2 })
        .thenThrows(),
    ).toThrow(/expected the decider to refuse, it decided \[\{"type":"Taken"/);
    expect(() => spec.given([]).when({ type: 'Stock', jars: 0 }).thenThrows()).toThrow('expected the decider to refuse, it decided []');
  });

  it('fails when any check does not hold', () => {
    const fails = (run: () => void, why: RegExp) => expect(run).toThrow(why);
    fails(() => take.thenThrows(TypeError), /expected a TypeError, got DomainError/);
    fails(() => close.thenThrows(DomainError), /expected a DomainError, got TypeError/);
    fails(() => take.thenThrows('Disponibili solo 1'), /expected the message "Disponibili solo 1", got "Disponibili solo 1 vasetti."/);
    fails(() => take.thenThrows(/solo 2/), /expected a message matching/);
    fails(() => take.thenThrows({ kind: 'conflict' }), /expected kind "conflict", got "rule"/);
    fails(() => take.thenThrows({ message: 'Scaffale chiuso.' }), /expected message "Scaffale chiuso\."/);
    fails(() => take.thenThrows({ errors: { jars: 'Pochi.' } }), /expected errors \{"jars":"Pochi\."\}/);
    fails(() => take.thenThrows({ errors: {} }), /expected errors \{\}/);
    fails(() => close.thenThrows({ message: 'still full' }), /expected a DomainError, got TypeError/);
    fails(() => take.thenThrows(() => false), /does not pass/);
    fails(() => take.thenThrows(DomainError, { kind: 'conflict' }), /expected kind "conflict"/);
  });
});
