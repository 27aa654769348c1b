import { expiredReasonLabels, requestStatusLabels, requestTypeLabels, urgencyLabels } from '@pure/collaboration-requests/labels';
import { unlockStatusLabels } from '@pure/package-unlocks/labels';
import { toChoices } from '../../../admin/shared/choices';

/* The Italian names of the requests' and unlocks' kinds and states, as the server's labels say them. */

export const requestStatusChoices = toChoices(requestStatusLabels);
export const requestTypeChoices = toChoices(requestTypeLabels);
export const urgencyChoices = toChoices(urgencyLabels);
export const unlockStatusChoices = toChoices(unlockStatusLabels);
export const unlockedByChoices = toChoices({ collaborator_accepted: 'Il collaboratore ha accettato', admin_override: 'L’amministrazione' });
export const expiredReasonLabel = (reason: string | null | undefined): string => (reason ? ((expiredReasonLabels as Record<string, string>)[reason] ?? reason) : '—');
