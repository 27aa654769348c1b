import { approvalStatusLabels, collaboratorServices, collaboratorStatusLabels } from '@pure/collaborators/services';
import { toChoices } from '../../../admin/shared/choices';

export const approvalChoices = toChoices(approvalStatusLabels);
export const collaboratorStatusChoices = toChoices(collaboratorStatusLabels);
export const serviceLabel = (id: string): string => (collaboratorServices as Record<string, string>)[id] ?? id;
/** Services by their Italian names, in a row ("Consegne, Catalogo"). */
export const servicesText = (ids: readonly string[]): string => ids.map(serviceLabel).join(', ');
