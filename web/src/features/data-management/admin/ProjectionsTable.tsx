import { lagText, positionText } from '../projection-progress';
import EditNoteIcon from '@mui/icons-material/EditNote';
import ReplayIcon from '@mui/icons-material/Replay';
import { Alert, Box, Button, Chip, LinearProgress, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, useDataProvider, useGetList, useNotify } from 'react-admin';
import type { NamedFailedEvent, ProjectionRecord } from '@contracts/data-management';
import type { AdminDataProvider } from '../../../admin/dataProvider';
import { formatDateTime } from '../../../lib/dates';
import { CorrectEventDialog } from './CorrectEvent';

/** A projection as GET /api/admin/projections lists it (docs/api-admin.md). */
export type Projection = ProjectionRecord;

const rebuilding = (p: Projection) => p.status === 'rebuilding';

function StateChip({ p }: { p: Projection }) {
  if (p.status === 'failed') return <Chip size="small" color="error" label="Ferma a un evento" />;
  if (rebuilding(p)) return <Chip size="small" color="info" label="In ricostruzione" />;
  if (p.lastError) return <Chip size="small" color="error" label="Errore" />;
  return <Chip size="small" color={p.lag === 0 ? 'success' : 'warning'} label={lagText(p.lag)} />;
}

/** The event's fields as the read models read it (secrets masked), and the admins' corrections so far. */
function EventData({ event }: { event: NamedFailedEvent }) {
  return (
    <>
      {event.data && (
        <Box
          component="pre"
          aria-label="Dati dell’evento"
          sx={{
            m: 0,
            mt: 0.5,
            p: 1,
            bgcolor: 'background.paper',
            borderRadius: 1,
            fontSize: 12,
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            maxHeight: 240,
            overflow: 'auto',
          }}
        >
          {JSON.stringify(event.data, null, 2)}
        </Box>
      )}
      {event.corrections.map((c) => (
        <Typography key={c.position} variant="caption" component="p" sx={{ mt: 0.5 }}>
          Corretto il {formatDateTime(c.time)} da {c.actor?.username ?? 'un amministratore'}: «{c.reason}» ({Object.keys(c.data).join(', ')})
        </Typography>
      ))}
    </>
  );
}

/** Which event stopped it, what the event says, and where it is in the log and in its stream; `onCorrect` opens the correction form. */
function StoppedAt({ event, title, onCorrect }: { event: NamedFailedEvent; title: string; onCorrect?: () => void }) {
  return (
    <Box sx={{ mt: 0.5 }} data-failed-event={event.id}>
      <Typography variant="caption" component="p" sx={{ fontWeight: 600 }}>
        {title}: «{event.italianName}» del {formatDateTime(event.at)}
      </Typography>
      {event.summary && (
        <Typography variant="caption" component="p">
          {event.summary}
        </Typography>
      )}
      <Typography variant="caption" component="p" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
        {event.streamId} n. {event.revision} · posizione {event.position}
      </Typography>
      <EventData event={event} />
      {onCorrect && (
        <Button size="small" variant="outlined" color="inherit" startIcon={<EditNoteIcon />} onClick={onCorrect} sx={{ mt: 1 }}>
          Correggi l’evento
        </Button>
      )}
    </Box>
  );
}

/** The live tables' failure, then a rebuild's own; `onCorrect` opens the correction form of the event one stopped at. */
function Failures({ p, onCorrect }: { p: Projection; onCorrect?: (event: NamedFailedEvent) => void }) {
  if (!p.lastError && !p.rebuildError) return <>—</>;
  return (
    <>
      {p.lastError && (
        <Typography variant="body2">
          Messaggio tecnico:{' '}
          <Box component="span" sx={{ fontFamily: 'monospace' }}>
            {p.lastError}
          </Box>
        </Typography>
      )}
      {p.failedEvent && <StoppedAt event={p.failedEvent} title="Ferma prima dell’evento" onCorrect={onCorrect && (() => onCorrect(p.failedEvent!))} />}
      {p.rebuildError && (
        <Typography variant="body2" sx={{ mt: p.lastError ? 1 : 0 }}>
          Ricostruzione, messaggio tecnico:{' '}
          <Box component="span" sx={{ fontFamily: 'monospace' }}>
            {p.rebuildError}
          </Box>
        </Typography>
      )}
      {p.rebuildFailedEvent && (
        <StoppedAt
          event={p.rebuildFailedEvent}
          title="Ricostruzione ferma prima dell’evento"
          onCorrect={onCorrect && p.rebuildFailedEvent.id !== p.failedEvent?.id ? () => onCorrect(p.rebuildFailedEvent!) : undefined}
        />
      )}
    </>
  );
}

/**
 * Every projection with its version, position, lag and last error; a rebuild runs while the site
 * keeps answering, and the list is read again every second while one is running.
 */
export function ProjectionsTable() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const [asked, setAsked] = useState<Projection | null>(null);
  const [starting, setStarting] = useState(false);
  const [correcting, setCorrecting] = useState<{ projection: string; title: string; event: NamedFailedEvent } | null>(null);
  const { data, error, isPending, refetch } = useGetList<Projection>(
    'projections',
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' } },
    { refetchInterval: (query) => ((query.state.data?.data ?? []).some(rebuilding) || starting ? 1000 : false) },
  );

  const rebuild = async (p: Projection) => {
    setAsked(null);
    setStarting(true);
    try {
      await dataProvider.rebuildProjection(p.name);
      notify(`Ricostruzione di «${p.title}» avviata`, { type: 'info' });
      await refetch();
    } catch (e) {
      notify((e as Error).message || 'Ricostruzione non avviata', { type: 'error' });
    } finally {
      setStarting(false);
    }
  };

  if (isPending) return <LinearProgress aria-label="Caricamento delle proiezioni" />;
  if (error) return <Alert severity="error">{error.message || 'Proiezioni non disponibili.'}</Alert>;
  const stopped = data.filter((p) => p.failedEvent || p.rebuildFailedEvent);
  return (
    <>
      {stopped.length > 0 && (
        <Alert severity="error" sx={{ mb: 2, '& .MuiAlert-message': { minWidth: 0, overflowWrap: 'anywhere' } }}>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {stopped.length === 1 ? 'Una proiezione è ferma' : `${stopped.length} proiezioni sono ferme`} a un evento che non riesce ad applicare. Il resto della piattaforma
            continua a funzionare, ma {stopped.length === 1 ? 'questo modello di lettura non si aggiorna' : 'questi modelli di lettura non si aggiornano'}. Se l’errore sta nei dati
            dell’evento, premi «Correggi l’evento»: i valori corretti sostituiscono quelli dell’evento per i modelli di lettura (l’evento originale resta nel registro) e la
            proiezione riparte. Se invece la causa era altrove ed è stata corretta, premi «Ricostruisci»: la proiezione riprova subito e supera l’evento.
          </Typography>
          {stopped.map((p) => (
            <Box key={p.id} sx={{ mt: 1 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {p.title}
              </Typography>
              <Failures p={p} onCorrect={(event) => setCorrecting({ projection: p.name, title: p.title, event })} />
            </Box>
          ))}
        </Alert>
      )}
      <TableContainer>
        <Table size="small" aria-label="Proiezioni">
          <TableHead>
            <TableRow>
              <TableCell>Proiezione</TableCell>
              <TableCell align="right">Versione</TableCell>
              <TableCell>Posizione</TableCell>
              <TableCell align="right">Eventi da applicare</TableCell>
              <TableCell>Stato</TableCell>
              <TableCell>Errore</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((p) => (
              <TableRow key={p.id} data-projection={p.name}>
                <TableCell>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {p.title}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {p.name}
                  </Typography>
                </TableCell>
                <TableCell align="right">{p.version}</TableCell>
                <TableCell title={p.position ? `Posizione nel registro: ${p.position}` : undefined} sx={{ minWidth: 200 }}>
                  {positionText(p.position)}
                </TableCell>
                <TableCell align="right">{p.lag}</TableCell>
                <TableCell sx={{ minWidth: 160 }}>
                  <StateChip p={p} />
                  {rebuilding(p) && (
                    <Box sx={{ mt: 0.75 }}>
                      <LinearProgress
                        variant={p.progress === null ? 'indeterminate' : 'determinate'}
                        value={Math.round((p.progress ?? 0) * 100)}
                        aria-label={`Avanzamento della ricostruzione di ${p.title}`}
                      />
                      {p.progress !== null && <Typography variant="caption">{Math.round(p.progress * 100)}%</Typography>}
                    </Box>
                  )}
                </TableCell>
                <TableCell sx={{ minWidth: 240, maxWidth: 320, overflowWrap: 'anywhere' }}>
                  {p.failedEvent || p.rebuildFailedEvent ? <Typography variant="body2">Ferma a un evento: i dettagli sono nel riquadro in alto.</Typography> : <Failures p={p} />}
                </TableCell>
                <TableCell>
                  <Button size="small" startIcon={<ReplayIcon />} disabled={rebuilding(p) || starting} onClick={() => setAsked(p)}>
                    Ricostruisci
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {correcting && (
        <CorrectEventDialog
          projection={correcting.projection}
          title={correcting.title}
          event={correcting.event}
          onClose={() => setCorrecting(null)}
          onDone={() => {
            setCorrecting(null);
            void refetch();
          }}
        />
      )}
      <Confirm
        isOpen={asked !== null}
        title={`Ricostruire «${asked ? asked.title : ''}»?`}
        content="Il modello di lettura viene ricalcolato da capo dal registro degli eventi; il sito continua a rispondere nel frattempo."
        confirm="Ricostruisci"
        onConfirm={() => asked && rebuild(asked)}
        onClose={() => setAsked(null)}
      />
    </>
  );
}
