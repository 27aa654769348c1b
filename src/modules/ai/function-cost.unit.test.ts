import { describe, expect, it } from 'vitest';
import { fold } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/errors.js';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { aiFunctionCostDecider, MAX_FUNCTION_COST, MAX_FUNCTION_NAME, type AiFunctionCostEvent } from './function-cost.js';

const spec = deciderSpec(aiFunctionCostDecider);
const fields = { functionName: 'price-suggestion', creditsCost: 2, description: 'Suggerisce un prezzo' };
const created: AiFunctionCostEvent = { type: 'AiFunctionCostCreated', data: { id: 'f1', fields } };
const deleted: AiFunctionCostEvent = { type: 'AiFunctionCostDeleted', data: {} };
const nameMessage = 'Nome della funzione: lettere minuscole, cifre e trattini, al massimo 50 caratteri.';
const costMessage = 'Costo in crediti: un numero intero da 0 a 1000.';
const notFound = { kind: 'not-found', message: 'Costo della funzione AI non trovato.' } as const;

describe('an AI function’s cost: creating it', () => {
  it('records the function’s name, cost and description', () => {
    spec.given([]).when({ type: 'CreateAiFunctionCost', id: 'f1', fields }).then([created]);
  });

  it('is done once: created again (the same request sent twice) it records nothing', () => {
    spec
      .given([created])
      .when({ type: 'CreateAiFunctionCost', id: 'f1', fields: { ...fields, creditsCost: 5 } })
      .thenNothing();
  });

  it('names a function as its address does: lower-case letters, digits and dashes, at most 50 characters, not starting with a dash', () => {
    for (const functionName of ['a', '0-a', 'shop-description', 'a'.repeat(MAX_FUNCTION_NAME)]) {
      spec
        .given([])
        .when({ type: 'CreateAiFunctionCost', id: 'f1', fields: { ...fields, functionName } })
        .then([{ type: 'AiFunctionCostCreated', data: { id: 'f1', fields: { ...fields, functionName } } }]);
    }
    for (const functionName of ['', '-price', 'Price', 'price suggestion', 'prezzo_consigliato', 'città', '🇮🇹', 'a'.repeat(MAX_FUNCTION_NAME + 1)]) {
      spec
        .given([])
        .when({ type: 'CreateAiFunctionCost', id: 'f1', fields: { ...fields, functionName } })
        .thenThrows(DomainError, { kind: 'rule', message: nameMessage, errors: { functionName: nameMessage } });
    }
  });

  it('costs whole credits from 0 (free) to 1000', () => {
    for (const creditsCost of [0, 1, MAX_FUNCTION_COST]) {
      spec
        .given([])
        .when({ type: 'CreateAiFunctionCost', id: 'f1', fields: { ...fields, creditsCost } })
        .then([{ type: 'AiFunctionCostCreated', data: { id: 'f1', fields: { ...fields, creditsCost } } }]);
    }
    for (const creditsCost of [-1, 0.5, MAX_FUNCTION_COST + 1, 2 ** 31, Number.NaN, Number.POSITIVE_INFINITY]) {
      spec
        .given([])
        .when({ type: 'CreateAiFunctionCost', id: 'f1', fields: { ...fields, creditsCost } })
        .thenThrows(DomainError, { kind: 'rule', message: costMessage, errors: { creditsCost: costMessage } });
    }
  });
});

describe('an AI function’s cost: changing it', () => {
  it('records only what changes: the cost, the description or both', () => {
    spec
      .given([created])
      .when({ type: 'ChangeAiFunctionCost', changes: { creditsCost: 3 } })
      .then([{ type: 'AiFunctionCostChanged', data: { changes: { creditsCost: 3 } } }]);
    spec
      .given([created])
      .when({ type: 'ChangeAiFunctionCost', changes: { creditsCost: 2, description: 'Un prezzo giusto' } })
      .then([{ type: 'AiFunctionCostChanged', data: { changes: { description: 'Un prezzo giusto' } } }]);
    spec
      .given([created])
      .when({ type: 'ChangeAiFunctionCost', changes: { creditsCost: 0, description: '' } })
      .then([{ type: 'AiFunctionCostChanged', data: { changes: { creditsCost: 0, description: '' } } }]);
  });

  it('records nothing when nothing changes, and decides on the cost as last changed', () => {
    spec
      .given([created])
      .when({ type: 'ChangeAiFunctionCost', changes: { creditsCost: 2, description: 'Suggerisce un prezzo' } })
      .thenNothing();
    spec.given([created]).when({ type: 'ChangeAiFunctionCost', changes: {} }).thenNothing();
    spec
      .given([created, { type: 'AiFunctionCostChanged', data: { changes: { creditsCost: 7 } } }])
      .when({ type: 'ChangeAiFunctionCost', changes: { creditsCost: 7 } })
      .thenNothing();
    spec
      .given([created, { type: 'AiFunctionCostChanged', data: { changes: { creditsCost: 7 } } }])
      .when({ type: 'ChangeAiFunctionCost', changes: { creditsCost: 2 } })
      .then([{ type: 'AiFunctionCostChanged', data: { changes: { creditsCost: 2 } } }]);
  });

  it('refuses a cost that is not whole credits from 0 to 1000', () => {
    for (const creditsCost of [-1, 0.5, MAX_FUNCTION_COST + 1]) {
      spec.given([created]).when({ type: 'ChangeAiFunctionCost', changes: { creditsCost } }).thenThrows(DomainError, { kind: 'rule', message: costMessage });
    }
  });

  it('finds no cost to change before it is created or after it is deleted', () => {
    spec
      .given([])
      .when({ type: 'ChangeAiFunctionCost', changes: { creditsCost: 3 } })
      .thenThrows(DomainError, notFound);
    spec
      .given([created, deleted])
      .when({ type: 'ChangeAiFunctionCost', changes: { creditsCost: 3 } })
      .thenThrows(DomainError, notFound);
  });
});

describe('an AI function’s cost: deleting it', () => {
  it('records the deletion once; then the cost is not found', () => {
    spec.given([created]).when({ type: 'DeleteAiFunctionCost' }).then([deleted]);
    spec.given([created, deleted]).when({ type: 'DeleteAiFunctionCost' }).thenThrows(DomainError, notFound);
    spec.given([]).when({ type: 'DeleteAiFunctionCost' }).thenThrows(DomainError, notFound);
  });

  it('is not undone by creating the same cost again (its id is taken)', () => {
    spec.given([created, deleted]).when({ type: 'CreateAiFunctionCost', id: 'f1', fields }).thenNothing();
  });

  it('keeps what the cost was, so the history can tell it', () => {
    const state = fold(aiFunctionCostDecider, [created, { type: 'AiFunctionCostChanged', data: { changes: { creditsCost: 4 } } }, deleted]);
    expect(state).toEqual({ exists: true, deleted: true, functionName: 'price-suggestion', creditsCost: 4, description: 'Suggerisce un prezzo' });
  });
});
