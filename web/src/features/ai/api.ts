import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AiAnswer, AiFunctionName, AiFunctions } from '@contracts/ai';
import { apiRequest } from '../../lib/client';
import { businessDataStaleTime } from '../../lib/query-client';
import { randomUuid } from '../../lib/random-uuid';
import { usePriceComparison } from '../price-comparison/api';

/* The AI functions (docs/api-ai.md): what each costs, the balance, and a call paid with credits. */

export type { AiAnswer, AiFunctionName, AiFunctions };

const functionsUrl = '/api/ai/functions';

/** Each function's cost, the caller's balance and whether the AI answers at all. */
export const useAiFunctions = () => useQuery<AiFunctions>({ queryKey: [functionsUrl], staleTime: businessDataStaleTime });

/**
 * Calls a function; each click is a request of its own (a new Idempotency-Key), so a retry after
 * a failure is asked again. The balance and the credits' history are read again afterwards,
 * whatever the outcome (a failure gave the credits back).
 */
export function useAiCall(functionName: AiFunctionName) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Record<string, unknown>) => apiRequest<AiAnswer>('POST', `/api/ai/${functionName}`, input, { 'Idempotency-Key': randomUuid() }),
    onSettled: () =>
      queryClient.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && (q.queryKey[0] === functionsUrl || q.queryKey[0].startsWith('/api/credits')) }),
  });
}

/** "1 credito", "3 crediti". */
export const creditsText = (n: number) => `${n} ${n === 1 ? 'credito' : 'crediti'}`;

/** The figures the price suggestion reasons from (euros), as the price comparison answers them. */
export interface ComparisonFigures {
  lowest: number;
  median: number;
  highest: number;
  shops: number;
}

/**
 * The figures of a saved product's price comparison (the price comparison's own query, so both
 * read one answer); null when there is none for it (no barcode, a plan without it, no other shop).
 */
export function useComparisonFigures(productId: string | undefined): { data: ComparisonFigures | null } {
  const { data } = usePriceComparison(productId);
  if (!data || !('comparison' in data) || data.comparison.shops < 2) return { data: null };
  const { lowest, median, highest, shops } = data.comparison;
  return { data: { lowest, median, highest, shops } };
}
