import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@platform/http/contract';
import type { packagesApi } from '@contracts/packages';
import { apiGet } from '../../lib/client';
import { businessDataStaleTime } from '../../lib/query-client';

/* The packages on sale and the shopkeeper's own (docs/api-packages.md). */

export type PublicPackage = ResponseOf<typeof packagesApi.list>[number];
export type MyPackages = ResponseOf<typeof packagesApi.mine>;

export const packageTypeLabels: Record<PublicPackage['type'], string> = {
  free: 'Gratuito',
  ai: 'Crediti AI',
  ai_collaborator: 'Collaboratore',
  shipping: 'Spedizioni',
  premium: 'Premium',
  price_comparison: 'Confronto prezzi',
};

export const usePackages = () =>
  useQuery({ queryKey: ['/api/packages'], staleTime: businessDataStaleTime, queryFn: async () => (await apiGet<PublicPackage[]>('/api/packages')) ?? [] });
export const useMyPackages = () =>
  useQuery({
    queryKey: ['/api/packages/mine'],
    staleTime: businessDataStaleTime,
    queryFn: async (): Promise<MyPackages> => (await apiGet<MyPackages>('/api/packages/mine')) ?? { current: null, purchases: [] },
  });
