import { Alert, Box, Typography } from '@mui/material';
import { Fragment } from 'react';
import { Skeletons } from '../../components/Skeletons';
import { Timeline } from '../../components/Timeline';
import { errorText } from '../../lib/client';
import { formatDateTime } from '../../lib/dates';
import { useSessionDetail, type SessionDetail } from './api';
import { dividedItems } from '../../app/theme';

/** What the collaborator did for the shop in the session, oldest first, with the AI credits each used. */
export function SessionActions({ actions }: { actions: SessionDetail['actions'] }) {
  if (!actions.length) return <Typography color="text.secondary">Nessuna azione svolta per il negozio in questa sessione.</Typography>;
  return (
    <Box component="ol" aria-label="Azioni svolte per il negozio" sx={{ listStyle: 'none', m: 0, p: 0, ...dividedItems }}>
      {actions.map((a) => (
        <Fragment key={a.eventId}>
          <Box component="li" sx={{ py: 1, minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{a.italianName}</Typography>
            {a.summary && (
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {a.summary}
              </Typography>
            )}
            <Typography variant="body2" color="text.secondary">
              {formatDateTime(a.at)}
              {a.aiCredits > 0 ? ` · ${a.aiCredits} ${a.aiCredits === 1 ? 'credito AI' : 'crediti AI'}` : ''}
            </Typography>
          </Box>
        </Fragment>
      ))}
    </Box>
  );
}

/** A session's life (its timeline) and what the collaborator did for the shop during it. */
export function SessionStory({ detail }: { detail: SessionDetail }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Box>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
          Cronologia
        </Typography>
        <Timeline
          steps={detail.timeline.map((step, i) => ({
            key: `${i}-${step.type}`,
            title: step.italianName,
            detail: `${formatDateTime(step.at)}${step.actorName ? ` · ${step.actorName}` : ''}`,
            note: step.summary || null,
          }))}
        />
      </Box>
      <Box>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 0.5 }}>
          Azioni per il negozio ({detail.actions.length})
        </Typography>
        <SessionActions actions={detail.actions} />
      </Box>
    </Box>
  );
}

/** The story of session `id`, read when shown. */
export function SessionStoryOf({ id }: { id: string }) {
  const detail = useSessionDetail(id);
  if (detail.isPending) return <Skeletons label="Caricamento della cronologia" heights={[120]} gap={1} />;
  if (detail.isError) return <Alert severity="error">{errorText(detail.error, 'Impossibile leggere la cronologia della sessione.')}</Alert>;
  return <SessionStory detail={detail.data} />;
}
