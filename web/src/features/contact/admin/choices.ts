import { contactStatusLabels } from '../api';

export const contactStatusChoices = Object.entries(contactStatusLabels).map(([id, name]) => ({ id, name }));
