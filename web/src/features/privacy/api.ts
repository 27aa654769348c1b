import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@platform/http/contract';
import type { privacyApi } from '@contracts/privacy';
import { userQueryKey } from '../../app/auth';
import { apiGet, apiRequest } from '../../lib/client';

/* A person's personal data (docs/api-privacy.md): the erasure of their account and data. */

export type MyPrivacy = ResponseOf<typeof privacyApi.mine>;
export type Erasure = NonNullable<MyPrivacy['erasure']>;

const privacyUrl = '/api/user/privacy';

/** A GET of `url` as the query's function: said, since the back office's query client has no default one. */
const fetched = <T>(url: string) => ({ queryKey: [url], queryFn: async () => (await apiGet<T>(url)) as T });

export function useMyPrivacy() {
  return useQuery<MyPrivacy>({ queryKey: [privacyUrl], staleTime: 0 });
}

/** POST: 202 once asked; the session ends there. */
export function useRequestErasure() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof privacyApi.requestErasure>) => apiRequest<MyPrivacy>('POST', `${privacyUrl}/erasure`, body),
  });
}

/** Forgets what was cached of the user whose session ended: once the page has left their area (whose guard would send them to log in). */
export function useForgetUser(): () => void {
  const queryClient = useQueryClient();
  return () => {
    queryClient.setQueryData(userQueryKey, null);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== userQueryKey[0] });
  };
}

export type RetentionRule = ResponseOf<typeof privacyApi.retention>[number];
export type RetentionRuleRun = ResponseOf<typeof privacyApi.retentionRuns>[number];

/** How long each kind of personal data is kept (public: the privacy policy shows it). */
export function useRetention() {
  return useQuery<RetentionRule[]>(fetched('/api/privacy/retention'));
}

/** The same table with each rule's last run (the admin's). */
export function useRetentionRuns() {
  return useQuery<RetentionRuleRun[]>({ ...fetched<RetentionRuleRun[]>('/api/admin/retention'), staleTime: 0 });
}

export type MyConsents = ResponseOf<typeof privacyApi.myConsents>;
export type Consent = MyConsents['consents'][number];
export type CookiesInfo = ResponseOf<typeof privacyApi.cookies>;

const consentsUrl = '/api/user/consents';

/** What the cookie notice tells (public): whether the e-mails' tracking is on. */
export function useCookiesInfo() {
  return useQuery<CookiesInfo>({ queryKey: ['/api/privacy/cookies'], staleTime: 5 * 60_000 });
}

/** The signed-in person's consents; `enabled` false for nobody signed in. */
export function useMyConsents(enabled = true) {
  return useQuery<MyConsents>({ queryKey: [consentsUrl], enabled });
}

/** PUT: an answer, from the settings or the cookie notice; the consents as they now stand. */
export function useAnswerConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, ...body }: { kind: Consent['kind'] } & BodyOf<typeof privacyApi.answerConsent>) => apiRequest<MyConsents>('PUT', `${consentsUrl}/${kind}`, body),
    onSuccess: (data) => queryClient.setQueryData([consentsUrl], data),
  });
}

export type LegalDocument = ResponseOf<typeof privacyApi.legal>;
export type LegalVersions = ResponseOf<typeof privacyApi.legalInForce>;

/** The privacy policy or the terms: the version in force, or `version`. */
export function useLegalDocument(kind: LegalDocument['kind'], version?: number) {
  return useQuery<LegalDocument>(fetched(`/api/legal/${kind}${version ? `?version=${version}` : ''}`));
}

/** The versions in force (what the registration accepts). */
export function useLegalInForce() {
  return useQuery<LegalVersions>({ queryKey: ['/api/legal'], staleTime: 0 });
}

/** POST: the admin publishes a new version; the document as it now stands. */
export function usePublishLegal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, ...body }: { kind: LegalDocument['kind'] } & BodyOf<typeof privacyApi.publishLegal>) =>
      apiRequest<LegalDocument>('POST', `/api/admin/legal/${kind}`, body),
    onSuccess: (data) => {
      queryClient.setQueryData([`/api/legal/${data.kind}`], data);
      void queryClient.invalidateQueries({ queryKey: ['/api/legal'] });
    },
  });
}
