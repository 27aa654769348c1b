import { plural, said } from '../../platform/domain/format.js';
import type { ModuleManifest } from '../../platform/module.js';
import { aiPersonalExport } from './personal-export.js';
import { aiCallDecider, aiCallStreamId } from './ai-call.js';
import { ensureAiFunctionCosts } from './commands.js';
import { aiFunctionCostDecider, aiFunctionCostStreamId } from './function-cost.js';
import { aiCallsProjection, aiFunctionCostsProjection } from './projection.js';
import { aiRoutes } from './routes.js';
import { aiCallSweepJob } from './sweep-process.js';
import { aiPersonalData } from './personal-data.js';

/** The AI functions (issue [11]): each paid with credits held first and charged only on an answer; their costs, the admin's. */
export const aiModule: ModuleManifest = {
  name: 'ai',
  migrations: new URL('./migrations/', import.meta.url),
  routes: [aiRoutes],
  projections: [aiFunctionCostsProjection, aiCallsProjection],
  events: {
    AiFunctionCostCreated: 'Costo di una funzione AI creato',
    AiFunctionCostChanged: 'Costo di una funzione AI modificato',
    AiFunctionCostDeleted: 'Costo di una funzione AI eliminato',
    AiCallStarted: 'Richiesta all’AI',
    AiCallAnswered: 'Risposta dell’AI',
    AiCallFailed: 'Richiesta all’AI non riuscita',
    AiCallSettled: 'Crediti della richiesta all’AI regolati',
  },
  personalData: aiPersonalData,
  personalExport: aiPersonalExport,
  summaries: {
    AiFunctionCostCreated: (d) => {
      const f = (d.fields ?? {}) as { functionName?: string; creditsCost?: number };
      return `Funzione AI «${String(f.functionName ?? '')}»: ${String(f.creditsCost ?? '')} crediti.`;
    },
    AiFunctionCostChanged: (d) => `Costo di una funzione AI modificato: ${said.fields({ creditsCost: 'crediti', description: 'descrizione' }, d.changes)}.`,
    AiCallStarted: (d) =>
      `Richiesta all’AI «${said.text(d.functionName)}» (${typeof d.credits === 'number' ? plural(d.credits, 'credito tenuto', 'crediti tenuti') : 'crediti tenuti'}).`,
    AiCallFailed: (d) => `Richiesta all’AI non riuscita: ${said.text(d.reason)}.`,
  },
  audited: {
    'ai-function-costs': { stream: aiFunctionCostStreamId, decider: () => aiFunctionCostDecider },
    'ai-calls': { stream: aiCallStreamId, decider: () => aiCallDecider },
  },
  jobs: [aiCallSweepJob],
  // A cost row for each function, at spec §9's 1 credit.
  prepare: ensureAiFunctionCosts,
};
