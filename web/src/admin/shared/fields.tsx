import { Chip } from '@mui/material';
import type { ReactNode } from 'react';
import { BooleanField, FunctionField, NumberField, TextField, useRecordContext, type FunctionFieldProps } from 'react-admin';
import { formatDate, formatDateTime } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import { useCategories } from '../../features/stores/api';
import { labelOf, type Choice } from './choices';

/** A record's value at `source`, written by `show`: the fields below differ only in how they write it. */
function ValueField({ source, show, ...props }: { source: string; show: (value: unknown) => ReactNode } & Omit<FunctionFieldProps, 'source' | 'render'>) {
  return <FunctionField source={source} {...props} render={(record: Record<string, unknown>) => show(record[source])} />;
}

/** A record's value by its Italian name among `choices` (a type, a level: a status has its chip, StatusField). */
export function ChoiceField({ source, choices, ...props }: { source: string; choices: Choice[] } & Omit<FunctionFieldProps, 'source' | 'render'>) {
  return <ValueField source={source} {...props} show={(value) => labelOf(choices, value)} />;
}

/** A yes-or-no written out ("Sì", "No"), where a tick would say too little; `yes` says what a yes means. */
export function YesNoField({ source, yes = 'Sì', no = 'No', ...props }: { source: string; yes?: string; no?: string } & Omit<FunctionFieldProps, 'source' | 'render'>) {
  return <ValueField source={source} {...props} show={(value) => (value ? yes : no)} />;
}

/** A figure (money, a count), written by `show`: right-aligned, and on one line in a narrow column ("€" and its figure together). */
export function FigureField({ source, label, show }: { source: string; label?: string; show: (value: number) => ReactNode }) {
  return <ValueField source={source} label={label} textAlign="right" sx={{ whiteSpace: 'nowrap' }} show={(value) => (typeof value === 'number' ? show(value) : '—')} />;
}

/** Money as the whole site writes it: "€ 12,50". */
export function MoneyField({ source, label }: { source: string; label?: string }) {
  return <FigureField source={source} label={label} show={formatMoney} />;
}

/**
 * Day and time in Italian on Rome's clock, as the rest of the site shows them (react-admin's
 * DateField would use the browser's zone); lists keep to the day (`dayOnly`) so their tables stay narrow.
 */
export function ItalianDateField({ source, label, dayOnly = false, emptyText = '—' }: { source: string; label?: string; dayOnly?: boolean; emptyText?: string }) {
  return <ValueField source={source} label={label} show={(at) => (typeof at === 'string' && at ? (dayOnly ? formatDate(at) : formatDateTime(at)) : emptyText)} />;
}

/** A chip's colour by the status it names. */
export type StatusColors = Record<string, 'success' | 'warning' | 'error' | 'default' | 'info'>;

const colors: StatusColors = {
  active: 'success',
  completed: 'success',
  paid: 'success',
  pending: 'warning',
  preparing: 'info',
  ready: 'info',
  shipping: 'info',
  inactive: 'default',
  suspended: 'error',
  cancelled: 'error',
  failed: 'error',
  refunded: 'default',
  // An order's payment, part of it given back (a dispute's refund).
  partially_refunded: 'info',
  // A contact message: new ones wait for the admin.
  new: 'warning',
  read: 'info',
  replied: 'success',
  // A collaborator's approval.
  approved: 'success',
  rejected: 'error',
  // A collaboration request and its package unlock.
  waiting: 'warning',
  accepted: 'success',
  expired: 'default',
  locked: 'default',
  unlocked_collaborator: 'info',
  unlocked_admin: 'info',
  purchased: 'success',
  // Assignments, collaboration sessions, standing accesses and tasks (issue [13]).
  in_progress: 'info',
  revoked: 'error',
  issued: 'warning',
  ended: 'default',
};

/** A status as a coloured chip with its Italian name; a feature whose statuses are its own gives their `colours`. */
export function StatusField({ source, choices, colours = colors }: { source: string; choices: Choice[]; colours?: StatusColors; label?: string }) {
  const record = useRecordContext();
  if (!record) return null;
  const value = record[source] as string;
  return <Chip size="small" label={labelOf(choices, value)} color={colours[value] ?? 'default'} />;
}

/**
 * A category by its Italian name ("Alimentari"), as the site shows it, rather than its slug; a
 * category the list does not know (a product's own wording) shows as written.
 */
// `source` is a prop the caller writes: the Datagrid reads it off the element for the column's header.
export function CategoryField({ source, label }: { source: string; label?: string }) {
  const { data: categories } = useCategories();
  return <ValueField source={source} label={label} show={(value) => (typeof value === 'string' && value ? (categories?.find((c) => c.slug === value)?.name ?? value) : '—')} />;
}

/**
 * Fields of one kind for several sources in a row, as a record's page or a list's columns show
 * them (`{fields.dates('createdAt', 'updatedAt')}`): a screen says once which of its fields are
 * dates, money, counts… in the order it shows them. "optional" ones write "—" when empty.
 */
export const fields = {
  texts: (...sources: string[]) => sources.map((source) => <TextField key={source} source={source} />),
  optionalTexts: (...sources: string[]) => sources.map((source) => <TextField key={source} source={source} emptyText="—" />),
  numbers: (...sources: string[]) => sources.map((source) => <NumberField key={source} source={source} />),
  optionalNumbers: (...sources: string[]) => sources.map((source) => <NumberField key={source} source={source} emptyText="—" />),
  booleans: (...sources: string[]) => sources.map((source) => <BooleanField key={source} source={source} />),
  money: (...sources: string[]) => sources.map((source) => <MoneyField key={source} source={source} />),
  /** Day and time. */
  dates: (...sources: string[]) => sources.map((source) => <ItalianDateField key={source} source={source} />),
  /** The day only, as lists keep it. */
  days: (...sources: string[]) => sources.map((source) => <ItalianDateField key={source} source={source} dayOnly />),
};
