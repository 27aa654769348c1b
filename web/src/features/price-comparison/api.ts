import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@platform/http/contract';
import type { priceComparisonApi } from '@contracts/price-comparison';
import { ApiError } from '../../lib/client';
import { businessDataStaleTime } from '../../lib/query-client';

/* A product's price against the same product's in the shops around (docs/api-price-comparison.md). */

export type PriceComparison = ResponseOf<typeof priceComparisonApi.product>;

/**
 * The comparison of `productId`, or why there is none: `refused` carries the server's Italian
 * reason (the plan that includes it, an expired comparison); `unlinked` is a product without a
 * shared catalogue barcode. Other failures stay errors.
 */
export type ComparisonAnswer = { comparison: PriceComparison } | { refused: string } | { unlinked: true };

export function usePriceComparison(productId: string | null | undefined, { enabled = true }: { enabled?: boolean } = {}) {
  const url = `/api/price-comparison/products/${encodeURIComponent(productId ?? '')}`;
  return useQuery<ComparisonAnswer>({
    queryKey: [url],
    enabled: enabled && Boolean(productId),
    staleTime: businessDataStaleTime,
    queryFn: async () => {
      const response = await fetch(url, { credentials: 'include' });
      if (response.ok) return { comparison: (await response.json()) as PriceComparison };
      const error = new ApiError(response.status, await response.text(), response.statusText);
      if (response.status === 403) return { refused: error.serverMessage ?? 'Il confronto prezzi non è disponibile.' };
      if (response.status === 422) return { unlinked: true };
      throw error;
    },
  });
}
