import { Button } from '@mui/material';
import { useState, type MouseEvent, type ReactElement, type ReactNode } from 'react';
import {
  Create,
  Datagrid,
  DeleteButton,
  Edit,
  EditButton,
  Link,
  List,
  SaveButton,
  SearchInput,
  SelectInput,
  Show,
  SimpleForm,
  SimpleList,
  TabbedShowLayout,
  Toolbar,
  TopToolbar,
  WrapperField,
  useCreatePath,
  useRecordContext,
  type Identifier,
  type RaRecord,
  type SortPayload,
} from 'react-admin';
import type { AggregateType } from '../dataProvider';
import { HistoryTab } from '../history/HistoryTab';
import { labelOf, type Choice } from './choices';
import { useIsSmall } from './useIsSmall';

/*
 * The back office's three screens of a resource, as every feature's admin/ folder shows them: a
 * list (a table, or one line a record on a phone), a record's page (its data, then its Cronologia),
 * and its edit form (sent at once, then back to the record's page).
 */

/** A record's title: the resource's word and, once the record is loaded, which one it is (`Row`: the record's type in its contract). */
export function RecordTitle<Row extends object = RaRecord>({ name, of }: { name: string; of: (record: Row) => string }) {
  const record = useRecordContext<Row & RaRecord>();
  return (
    <>
      {name} {record ? of(record) : ''}
    </>
  );
}

/** A record's page's actions where the admin may edit it. */
export const editActions = <EditButton />;

/** A list's last column, "Azioni": the record's moves (buttons that stop the row's click, RowActions). */
export const movesColumn = (moves: ReactElement) => <WrapperField label="Azioni">{moves}</WrapperField>;

/** A list's order: the newest by `field` first. */
export const newestFirst = (field: string): SortPayload => ({ field, order: 'DESC' });

/**
 * A list's filters by a field's value among its choices, in the order given; the first `alwaysOn`
 * (one, unless said) stand open above the list, the others are added from its "Filtro" menu.
 */
export const choiceFilters = (byField: Record<string, Choice[]>, alwaysOn = 1): ReactElement[] =>
  Object.entries(byField).map(([source, choices], i) => <SelectInput key={source} source={source} choices={choices} alwaysOn={i < alwaysOn} />);

/** What a phone shows of a record (a row of the resource's contract, `Row`) on a list's line, beside its status. */
export interface ListLine<Row = RaRecord> {
  primary: (record: Row) => ReactNode;
  secondary: (record: Row) => ReactNode;
  /** What ends the line of a record without a status (e.g. a balance). */
  tertiary?: (record: Row) => ReactNode;
}

/**
 * A resource's list: a search (its placeholder says what it looks in), the filters by a field's
 * choices (`filterBy`, the first `alwaysOn` standing open) then any other (`filters`), the order,
 * the table's columns (`children`), and on a phone (design §5: every screen works at 375 px) one
 * line a record ending with its status, named by the status filter's choices (`filterBy.status`,
 * or `status`); a row opens the record. `above` stands over the records (the stores' map). `Row`
 * is the type of the resource's rows in its contract (`<ResourceList<Report> …>`), which the
 * phone's line reads.
 */
export function ResourceList<Row extends object = RaRecord>({
  search,
  filterBy = {},
  alwaysOn = 1,
  filters = [],
  sort,
  line,
  status = filterBy.status,
  above,
  actions,
  children,
}: {
  search: string;
  filterBy?: Record<string, Choice[]>;
  alwaysOn?: number;
  filters?: ReactElement[];
  sort?: SortPayload;
  line: ListLine<Row>;
  /** The statuses' Italian names where the list does not filter by them, unless `line.tertiary` ends the line. */
  status?: Choice[];
  above?: ReactNode;
  /** The list's toolbar, in place of react-admin's (e.g. with an export of the server's). */
  actions?: ReactElement;
  children: ReactNode;
}) {
  const isSmall = useIsSmall();
  // A screen's filters never change: made once, as react-admin wants them (a new array each render loops its filter form).
  const [allFilters] = useState(() => [<SearchInput key="q" source="q" alwaysOn placeholder={search} />, ...choiceFilters(filterBy, alwaysOn), ...filters]);
  return (
    <List filters={allFilters} sort={sort} exporter={false} {...(actions ? { actions } : {})}>
      {above}
      {isSmall ? (
        <SimpleList
          primaryText={(record: RaRecord) => line.primary(record as Row)}
          secondaryText={(record: RaRecord) => line.secondary(record as Row)}
          tertiaryText={(record: RaRecord) => (line.tertiary ? line.tertiary(record as Row) : labelOf(status ?? [], record.status))}
          linkType="show"
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false}>
          {children}
        </Datagrid>
      )}
    </List>
  );
}

/** A record's page's tab of its own, after its data: its title, its path under the record's, what it shows. */
export interface OwnTab {
  label: string;
  path: string;
  content: ReactNode;
}

/**
 * A record's page: its buttons in the toolbar above (`actions`; react-admin's own without them),
 * the "Dati" tab (`children`), an optional tab of its own (`tab`), and the Cronologia of the
 * aggregate it is.
 */
export function RecordShow({
  title,
  actions,
  history,
  historyOf,
  tab,
  children,
}: {
  title: ReactElement;
  actions?: ReactNode;
  history: AggregateType;
  /** The aggregate's id when it is not the record's. */
  historyOf?: (record: RaRecord) => string;
  /** The record's own tabs, after «Dati». */
  tab?: OwnTab | OwnTab[];
  children: ReactNode;
}) {
  const tabs = tab === undefined ? [] : Array.isArray(tab) ? tab : [tab];
  return (
    <Show title={title} actions={actions === undefined ? undefined : <TopToolbar>{actions}</TopToolbar>}>
      <TabbedShowLayout>
        <TabbedShowLayout.Tab label="Dati">{children}</TabbedShowLayout.Tab>
        {tabs.map((own) => (
          <TabbedShowLayout.Tab key={own.path} label={own.label} path={own.path}>
            {own.content}
          </TabbedShowLayout.Tab>
        ))}
        <TabbedShowLayout.Tab label="Cronologia" path="cronologia">
          <HistoryTab type={history} idOf={historyOf} />
        </TabbedShowLayout.Tab>
      </TabbedShowLayout>
    </Show>
  );
}

/** A field's help keeps clear of the next field's label (which floats above its box): every form of the back office. */
export const helperRoom = { '& .MuiFormHelperText-root': { mb: 2 } };

/** A form's toolbar that only saves (a new record, a record not deleted from here, the settings). */
export const saveOnly = (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);

/** What deleting a record means, asked before it is deleted. */
export interface Deleting {
  confirmTitle: string;
  confirmContent: string;
}

/**
 * A record's edit form. A change is a command in the log, so it is sent at once (pessimistic, no
 * undo delay) and the record's page shows what it became. With `deleting`, delete stands on the
 * right of save and asks first; without it the record is not deleted from here, and the form
 * only saves.
 */
export function RecordEdit({ title, deleting, maxWidth, children }: { title: ReactElement; deleting?: Deleting; maxWidth: number; children: ReactNode }) {
  const toolbar = deleting ? (
    <Toolbar sx={{ justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
      <SaveButton />
      <DeleteButton mutationMode="pessimistic" confirmTitle={deleting.confirmTitle} confirmContent={deleting.confirmContent} />
    </Toolbar>
  ) : (
    saveOnly
  );
  return (
    <Edit title={title} mutationMode="pessimistic" redirect="show">
      <SimpleForm toolbar={toolbar} sx={{ maxWidth, ...helperRoom }}>
        {children}
      </SimpleForm>
    </Edit>
  );
}

/** A new record's form (`record`: the values it starts with); once saved, the record's page. */
export function RecordCreate({ title, record, maxWidth, children }: { title: string; record: Partial<RaRecord>; maxWidth: number; children: ReactNode }) {
  return (
    <Create title={title} redirect="show" record={record}>
      <SimpleForm toolbar={saveOnly} sx={{ maxWidth, ...helperRoom }}>
        {children}
      </SimpleForm>
    </Create>
  );
}

const stopClick = (e: MouseEvent) => e.stopPropagation();

/** A record's buttons on a list's row: clicking them does not open the record, as the rest of the row does. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <span role="presentation" onClick={stopClick}>
      {children}
    </span>
  );
}

/**
 * The way from a record's page to another record it names (`to` reads it off the record: its
 * resource and id, or null where it names none), as a small button (`text`: react-admin would
 * make a `label` the field's title above it).
 */
export function RecordLink<Row extends object = RaRecord>({ to, text }: { to: (record: Row) => { resource: string; id: Identifier | null | undefined } | null; text: string }) {
  const record = useRecordContext<Row & RaRecord>();
  const createPath = useCreatePath();
  const target = record ? to(record) : null;
  if (!target?.id) return null;
  return (
    <Button component={Link} size="small" variant="outlined" to={createPath({ resource: target.resource, id: String(target.id), type: 'show' })}>
      {text}
    </Button>
  );
}
