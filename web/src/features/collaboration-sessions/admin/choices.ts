import { securityLevelLabels, sessionExpiredReasonLabels, sessionStatusLabels } from '@pure/collaboration-sessions/labels';
import { toChoices } from '../../../admin/shared/choices';

/* The Italian names of the sessions' states and levels, as the server's labels say them. */

export const sessionStatusChoices = toChoices(sessionStatusLabels);
export const securityLevelChoices = toChoices(securityLevelLabels);
export const expiredReasonText = (reason: string | null | undefined): string => (reason ? ((sessionExpiredReasonLabels as Record<string, string>)[reason] ?? reason) : '—');
