import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { RecordContextProvider, TextField } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { ChoiceField, fields, ItalianDateField, MoneyField, StatusField, YesNoField } from './fields';
import { choiceFilters, newestFirst } from './screens';

const levels = [
  { id: 'low', name: 'Bassa' },
  { id: 'high', name: 'Alta' },
];

/** What a field writes of `record`, as the page's HTML. */
const shown = (record: Record<string, unknown>, field: ReactElement) => renderToString(<RecordContextProvider value={{ id: 1, ...record }}>{field}</RecordContextProvider>);

describe('the back office’s fields', () => {
  it('says several fields of one kind once, each under its source, in order', () => {
    const dates = fields.dates('createdAt', 'updatedAt');
    expect(dates.map((f) => [f.type, f.key, f.props.source, f.props.dayOnly])).toEqual([
      [ItalianDateField, 'createdAt', 'createdAt', undefined],
      [ItalianDateField, 'updatedAt', 'updatedAt', undefined],
    ]);
    expect(fields.days('at')[0]!.props.dayOnly).toBe(true);
    expect(fields.money('price')[0]!.type).toBe(MoneyField);
    expect(fields.optionalTexts('reason').map((f) => [f.type, f.props.emptyText])).toEqual([[TextField, '—']]);
    expect(fields.texts('name')[0]!.props.emptyText).toBeUndefined();
  });

  it('writes a value by its Italian name, an unknown one as it is, none as a dash', () => {
    expect(shown({ level: 'high' }, <ChoiceField source="level" choices={levels} />)).toContain('Alta');
    expect(shown({ level: 'odd' }, <ChoiceField source="level" choices={levels} />)).toContain('odd');
    expect(shown({ level: null }, <ChoiceField source="level" choices={levels} />)).toContain('—');
  });

  it('writes a yes-or-no out, in the words a screen gives', () => {
    expect(shown({ free: true }, <YesNoField source="free" />)).toContain('Sì');
    expect(shown({ free: false }, <YesNoField source="free" />)).toContain('No');
    expect(shown({ lapsed: true }, <YesNoField source="lapsed" yes="Scaduto" no="—" />)).toContain('Scaduto');
    expect(shown({ lapsed: false }, <YesNoField source="lapsed" yes="Scaduto" no="—" />)).toContain('—');
  });

  it('colours a status chip by the common colours, or by those a feature gives', () => {
    expect(shown({ status: 'high' }, <StatusField source="status" choices={levels} />)).toContain('MuiChip-colorDefault');
    expect(shown({ status: 'high' }, <StatusField source="status" choices={levels} colours={{ high: 'error' }} />)).toContain('MuiChip-colorError');
    expect(shown({ status: 'active' }, <StatusField source="status" choices={[{ id: 'active', name: 'Attivo' }]} />)).toContain('MuiChip-colorSuccess');
  });
});

/** A filter's element as the list reads it. */
const filterOf = (f: ReactElement) => ({ key: f.key, ...(f.props as { source: string; choices: unknown; alwaysOn: boolean }) });

describe('the back office’s lists', () => {
  it('filter by each field’s choices in order, the first ones standing open', () => {
    const byOne = choiceFilters({ status: levels, level: levels });
    expect(byOne.map(filterOf).map((f) => [f.key, f.source, f.choices, f.alwaysOn])).toEqual([
      ['status', 'status', levels, true],
      ['level', 'level', levels, false],
    ]);
    expect(choiceFilters({ role: levels, status: levels }, 2).map((f) => filterOf(f).alwaysOn)).toEqual([true, true]);
  });

  it('order the newest first by the field named', () => {
    expect(newestFirst('assignedAt')).toEqual({ field: 'assignedAt', order: 'DESC' });
  });
});
