import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@platform/http/contract';
import type { complaintsApi } from '@contracts/complaints';
import { apiGet, apiRequest, apiUpload } from '../../lib/client';

/*
 * Complaints on collaboration sessions and disputes on orders, issue [14]
 * (docs/api-complaints.md): one kind of "case" for both; the parties' calls here, the admins' in
 * ./admin. Every move answers the case page as it is now, which replaces the cached one.
 */

export type CaseRecord = ResponseOf<typeof complaintsApi.list>[number];
export type CaseDetail = ResponseOf<typeof complaintsApi.get>;
export type CaseTimelineEntry = CaseDetail['timeline'][number];
export type CaseEvidence = CaseDetail['evidence'][number];
export type NewComplaint = BodyOf<typeof complaintsApi.create>;
export type NewDispute = BodyOf<typeof complaintsApi.openDispute>;
export type Resolution = BodyOf<typeof complaintsApi.resolve>;
export type CaseSummary = ResponseOf<typeof complaintsApi.summary>;

export const casesUrl = '/api/complaints';
export const caseUrl = (id: string) => `${casesUrl}/${id}`;
export const adminCaseUrl = (id: string) => `/api/admin/complaints/${id}`;
export const caseSummaryUrl = '/api/admin/complaints-summary';

const isCaseKey = (key: unknown) => typeof key === 'string' && (key.startsWith(casesUrl) || key.startsWith('/api/admin/complaints'));

/** My cases (as complainant or as the other party), newest first. */
export const useCases = () => useQuery({ queryKey: [casesUrl], queryFn: async () => (await apiGet<CaseRecord[]>(casesUrl)) ?? [], staleTime: 0 });

/** One case with its story and files, read again each time it is shown. */
export const useCase = (id: string | undefined) =>
  useQuery({ queryKey: [caseUrl(id ?? '')], enabled: !!id, staleTime: 0, queryFn: async () => (await apiGet<CaseDetail>(caseUrl(id!)))! });

/** After a move: the answer is the case now; every list of cases reads again. */
function useCaseChanged() {
  const client = useQueryClient();
  return (detail: CaseDetail) => {
    client.setQueryData([caseUrl(detail.id)], detail);
    void client.invalidateQueries({ predicate: (q) => isCaseKey(q.queryKey[0]) && q.queryKey[0] !== caseUrl(detail.id) });
  };
}

/** Sends an evidence file (multipart field "file"). */
export function sendEvidence(caseId: string, file: File): Promise<CaseDetail> {
  const form = new FormData();
  form.append('file', file);
  return apiUpload<CaseDetail>(`${caseUrl(caseId)}/evidence`, form);
}

/**
 * Files a case, then its evidence one file at a time (a case takes files only once it exists).
 * Answers the case and the names of the files that were refused, with why.
 */
export async function fileCase(
  body: ({ kind: 'complaint' } & NewComplaint) | ({ kind: 'dispute' } & NewDispute),
  files: File[],
): Promise<{ detail: CaseDetail; refused: string[] }> {
  const { kind, ...rest } = body;
  let detail = await apiRequest<CaseDetail>('POST', kind === 'complaint' ? casesUrl : '/api/disputes', rest);
  const refused: string[] = [];
  for (const file of files) {
    try {
      detail = await sendEvidence(detail.id, file);
    } catch {
      refused.push(file.name);
    }
  }
  return { detail, refused };
}

export function useFileCase() {
  const changed = useCaseChanged();
  return useMutation({
    mutationFn: ({ body, files }: { body: Parameters<typeof fileCase>[0]; files: File[] }) => fileCase(body, files),
    onSuccess: ({ detail }) => changed(detail),
  });
}

/** A party's moves on a case: write, answer the admin's question, appeal the decision. */
export type PartyMove = { move: 'messages'; text: string } | { move: 'respond'; text: string } | { move: 'appeal'; reason: string };

export function usePartyMove() {
  const changed = useCaseChanged();
  return useMutation({
    mutationFn: ({ id, move, ...body }: { id: string } & PartyMove) => apiRequest<CaseDetail>('POST', `${caseUrl(id)}/${move}`, body),
    onSuccess: changed,
  });
}

export function useAddEvidence() {
  const changed = useCaseChanged();
  return useMutation({ mutationFn: ({ id, file }: { id: string; file: File }) => sendEvidence(id, file), onSuccess: changed });
}

/** An admin's moves on a case (the body each takes). */
export type AdminMove =
  | { move: 'take' }
  | { move: 'ask'; question: string }
  | { move: 'messages'; text: string; internal: boolean }
  | ({ move: 'resolve' } & Resolution)
  | { move: 'reject'; reason: string }
  | { move: 'approve-compensation' };

export const adminMove = ({ id, move, ...body }: { id: string } & AdminMove) =>
  apiRequest<CaseDetail>('POST', `${adminCaseUrl(id)}/${move}`, move === 'take' || move === 'approve-compensation' ? undefined : body);

/** The admin dashboard's figures of the cases. */
export const useCaseSummary = () => useQuery({ queryKey: [caseSummaryUrl], queryFn: () => apiGet<CaseSummary>(caseSummaryUrl), staleTime: 10_000 });
