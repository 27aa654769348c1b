import { packageTypeLabels } from '../api';

export const packageTypeChoices = Object.entries(packageTypeLabels).map(([id, name]) => ({ id, name }));
export const packageStatusChoices = [
  { id: 'active', name: 'In vendita' },
  { id: 'archived', name: 'Archiviato' },
];
