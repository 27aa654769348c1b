import type { Decider, DomainEvent } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/errors.js';
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

const notFound = () => new DomainError('Costo della funzione AI non trovato.', 'not-found');

export const aiFunctionCostDecider: Decider<AiFunctionCostCommand, AiFunctionCostEvent, AiFunctionCostState> = {
  initialState: { exists: false },
  decide(command, state) {
    if (command.type === 'CreateAiFunctionCost') {
      if (state.exists) return [];
      return [{ type: 'AiFunctionCostCreated', data: { id: command.id, fields: command.fields } }];
    }
    if (!state.exists || state.deleted) throw notFound();
    if (command.type === 'DeleteAiFunctionCost') return [{ type: 'AiFunctionCostDeleted', data: {} }];
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
