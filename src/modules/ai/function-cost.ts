import type { Decider, DomainEvent } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/errors.js';
import { checkInteger } from '../../platform/domain/limits.js';
import { changedFields } from '../../platform/domain/settings.js';

export const aiFunctionCostStreamId = (id: string): string => `ai-function-cost-${id}`;

/** Spec §9: an AI function costs 1 credit unless the admin says otherwise. */
export const DEFAULT_AI_FUNCTION_COST = 1;

/** Spec §3 ai_function_costs. The name is the function's (its URL), so it is set once, at creation. */
export interface AiFunctionCostFields {
  functionName: string;
  creditsCost: number;
  description: string;
}

export type AiFunctionCostCommand =
  | { type: 'CreateAiFunctionCost'; id: string; fields: AiFunctionCostFields }
  | { type: 'ChangeAiFunctionCost'; changes: Partial<Omit<AiFunctionCostFields, 'functionName'>> }
  | { type: 'DeleteAiFunctionCost' };

export type AiFunctionCostEvent =
  | DomainEvent<'AiFunctionCostCreated', { id: string; fields: AiFunctionCostFields }>
  | DomainEvent<'AiFunctionCostChanged', { changes: Partial<Omit<AiFunctionCostFields, 'functionName'>> }>
  | DomainEvent<'AiFunctionCostDeleted', Record<string, never>>;

export type AiFunctionCostState = { exists: false } | ({ exists: true; deleted: boolean } & AiFunctionCostFields);

/** What the read model holds (ai_function_costs: a name of at most 50 characters, a cost in whole credits); the contract says the same. */
export const MAX_FUNCTION_NAME = 50;
export const MAX_FUNCTION_COST = 1000;
const functionName = /^[a-z0-9][a-z0-9-]*$/;

function checkCost(fields: Partial<AiFunctionCostFields>): void {
  if (fields.functionName !== undefined && (fields.functionName.length > MAX_FUNCTION_NAME || !functionName.test(fields.functionName))) {
    const message = `Nome della funzione: lettere minuscole, cifre e trattini, al massimo ${MAX_FUNCTION_NAME} caratteri.`;
    throw new DomainError(message, 'rule', { functionName: message });
  }
  if (fields.creditsCost !== undefined) checkInteger('creditsCost', 'Costo in crediti', fields.creditsCost, { min: 0, max: MAX_FUNCTION_COST });
}

const notFound = () => new DomainError('Costo della funzione AI non trovato.', 'not-found');

export const aiFunctionCostDecider: Decider<AiFunctionCostCommand, AiFunctionCostEvent, AiFunctionCostState> = {
  initialState: { exists: false },
  decide(command, state) {
    if (command.type === 'CreateAiFunctionCost') {
      if (state.exists) return [];
      checkCost(command.fields);
      return [{ type: 'AiFunctionCostCreated', data: { id: command.id, fields: command.fields } }];
    }
    if (!state.exists || state.deleted) throw notFound();
    if (command.type === 'DeleteAiFunctionCost') return [{ type: 'AiFunctionCostDeleted', data: {} }];
    checkCost(command.changes);
    const changes = changedFields<Omit<AiFunctionCostFields, 'functionName'>>(state, command.changes);
    return Object.keys(changes).length ? [{ type: 'AiFunctionCostChanged', data: { changes } }] : [];
  },
  evolve(state, event) {
    switch (event.type) {
      case 'AiFunctionCostCreated':
        return { exists: true, deleted: false, ...event.data.fields };
      case 'AiFunctionCostChanged':
        return state.exists ? { ...state, ...event.data.changes } : state;
      case 'AiFunctionCostDeleted':
        return state.exists ? { ...state, deleted: true } : state;
    }
  },
};
