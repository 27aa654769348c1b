import { Alert, Box, Card, CardContent, CircularProgress, List, ListItem, ListItemButton, ListItemText, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, useState } from 'react';
import { useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import type { RaRecord } from 'react-admin';
import { roleLabels, type Role } from '../../lib/types';
import { formatDateTime } from '../../lib/dates';
import type { AdminDataProvider, AggregateType, HistoryEvent } from '../dataProvider';
import { useIsSmall } from '../shared/useIsSmall';
import { ValueList } from './ValueList';
import { fieldLabelOf, ownIdOf } from './values';

/** The react-admin resource whose field names (its feature's admin messages) name each aggregate's fields (Feature.history), provided by AdminApp. */
export const HistoryResourcesContext = createContext<Record<string, string>>({});

/**
 * A field's Italian name: the one the histories share where they name it apart (an order's
 * `userId` is the customer's account, beside the name `customerName` they gave), else the resource's own.
 */
function useFieldLabel(type: AggregateType) {
  return fieldLabelOf(useTranslate(), useContext(HistoryResourcesContext)[type]);
}

const actorText = (actor: HistoryEvent['actor']) =>
  actor
    ? `${actor.username ?? 'utente eliminato'} (${roleLabels[actor.role as Role] ?? actor.role})${
        actor.onBehalfOf ? ` per conto di ${actor.onBehalfOf.storeName ?? 'un negozio'}, in sessione` : ''
      }`
    : 'Sistema';

/** The state of the aggregate right after one event (GET .../as-of/:revision). */
function StateAsOf({ type, id, event }: { type: AggregateType; id: string; event: HistoryEvent }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const label = useFieldLabel(type);
  const { data, error, isPending } = useQuery({
    queryKey: ['history-as-of', type, id, event.revision],
    queryFn: () => dataProvider.historyAsOf(type, id, event.revision),
  });
  return (
    <Card variant="outlined" aria-label="Stato a quel momento">
      <CardContent>
        <Typography variant="h6" component="h3">
          Stato dopo «{event.italianName}»
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {formatDateTime(event.time)} · revisione {event.revision}
        </Typography>
        {isPending && <CircularProgress size={24} />}
        {error && <Alert severity="error">{error.message || 'Stato non disponibile.'}</Alert>}
        {data && <ValueList value={data.state} context={{ type, label, references: data.references, amounts: data.amounts, hide: ownIdOf(id) }} />}
      </CardContent>
    </Card>
  );
}

/**
 * The "Cronologia" tab of every Show page: the aggregate's events in order, who did each and what
 * changed; choosing one shows the aggregate as it was right after it.
 */
export function HistoryTab({ type, idOf }: { type: AggregateType; idOf?: (record: RaRecord) => string }) {
  const record = useRecordContext();
  const dataProvider = useDataProvider<AdminDataProvider>();
  // The aggregate's id: the record's, unless the record is one part of it (a review of the reviews of a session).
  const id = String(record ? (idOf ? idOf(record) : record.id) : '');
  const [chosen, setChosen] = useState<HistoryEvent | null>(null);
  const label = useFieldLabel(type);
  // On a phone the chosen state opens under its event, not below the whole list.
  const isSmall = useIsSmall();
  const {
    data: events,
    error,
    isPending,
  } = useQuery({
    queryKey: ['history', type, id],
    queryFn: () => dataProvider.history(type, id),
    enabled: id !== '',
  });
  if (isPending) return <CircularProgress size={28} sx={{ m: 2 }} aria-label="Caricamento della cronologia" />;
  if (error) return <Alert severity="error">{error.message || 'Cronologia non disponibile.'}</Alert>;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
      <List aria-label="Eventi" disablePadding>
        {events.map((e) => {
          const selected = chosen?.revision === e.revision;
          return (
            // The event's title chooses it; what changed sits beside the button, since its names are links of their own.
            <ListItem key={e.revision} divider disablePadding sx={{ flexDirection: 'column', alignItems: 'stretch', bgcolor: selected ? 'action.selected' : undefined }}>
              <ListItemButton selected={selected} onClick={() => setChosen(e)} sx={{ pb: 0 }}>
                <ListItemText
                  primary={`${e.revision + 1}. ${e.italianName}`}
                  secondary={`${formatDateTime(e.time)} · ${actorText(e.actor)}`}
                  slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                />
              </ListItemButton>
              <Box sx={{ px: 2, pb: 1 }}>
                <ValueList value={e.changes} context={{ type, label, references: e.references, amounts: e.amounts, hide: ownIdOf(id) }} />
              </Box>
              {e.corrections?.map((c) => (
                // An admin's correction (issue [16]): the read models read the event with these values; the event above stays as written.
                <Box key={c.position} sx={{ mx: 2, mb: 1, p: 1, borderLeft: 3, borderColor: 'warning.main', bgcolor: 'action.hover' }} aria-label="Correzione dell’evento">
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    Evento corretto
                  </Typography>
                  <Typography variant="caption" component="p" color="text.secondary">
                    {formatDateTime(c.time)} · {actorText(c.actor)} · motivo: «{c.reason}»
                  </Typography>
                  <Typography variant="caption" component="p">
                    I modelli di lettura leggono questi valori al posto di quelli scritti:
                  </Typography>
                  <ValueList value={c.changes} context={{ type, label, references: e.references, amounts: e.amounts, hide: ownIdOf(id) }} />
                </Box>
              ))}
              {isSmall && selected && (
                <Box sx={{ px: 2, pb: 1 }}>
                  <StateAsOf type={type} id={id} event={e} />
                </Box>
              )}
            </ListItem>
          );
        })}
      </List>
      {isSmall ? null : chosen ? (
        <StateAsOf type={type} id={id} event={chosen} />
      ) : (
        <Typography color="text.secondary">Scegli un evento per vedere lo stato di quel momento.</Typography>
      )}
    </Box>
  );
}
