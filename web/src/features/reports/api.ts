import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@platform/http/contract';
import type { reportsApi } from '@contracts/reports';
import { apiGet, apiGetOrNull, apiRequest } from '../../lib/client';

/* Collaboration reports (docs/api-reports.md): either side of an assignment reports a problem; the admin answers. */

export type Report = ResponseOf<typeof reportsApi.list>[number];
export type ReportWithTimeline = ResponseOf<typeof reportsApi.get>;
export type NewReport = BodyOf<typeof reportsApi.create>;

export const reportsUrl = '/api/reports';

/** The reports on my assignments (either side), newest first. */
export const useReports = () => useQuery({ queryKey: [reportsUrl], queryFn: async () => (await apiGet<Report[]>(`${reportsUrl}?pageSize=200`)) ?? [] });

/** One report with its timeline; null when it does not exist or is not the reader's (404). */
export function useReport(id: string | undefined) {
  const url = `${reportsUrl}/${id ?? ''}`;
  return useQuery({ queryKey: [reportsUrl, id], enabled: Boolean(id), queryFn: () => apiGetOrNull<ReportWithTimeline>(url, [404, 400]) });
}

export function useCreateReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewReport) => apiRequest<ReportWithTimeline>('POST', reportsUrl, body),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: [reportsUrl] }), client.invalidateQueries({ queryKey: ['/api/assignments'] })]),
  });
}
