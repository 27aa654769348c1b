import { paymentMethodLabels, paymentProviderLabels, paymentStatusLabels, transactionTypeLabels } from '../api';

const toChoices = (labels: Record<string, string>) => Object.entries(labels).map(([id, name]) => ({ id, name }));

export const paymentStatusChoices = toChoices(paymentStatusLabels);
export const transactionTypeChoices = toChoices(transactionTypeLabels);
export const paymentMethodChoices = toChoices(paymentMethodLabels);
export const paymentProviderChoices = toChoices(paymentProviderLabels);
