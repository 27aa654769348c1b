import { Box, Card, CardActions, CardContent, Chip, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { collaboratorServices, type CollaboratorService } from '@pure/collaborators/services';
import { formatDateTime } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import { durationText, expiredReasonText, requestStatusLabels, requestTypeLabels, urgencyShort, type CollaborationRequest } from './api';

/** A request as both sides read it: its state, what is asked, by when; `who` says the other side, `actions` its moves. */
export function RequestCard({ request, who, actions, children }: { request: CollaborationRequest; who: ReactNode; actions?: ReactNode; children?: ReactNode }) {
  const status = request.takenByOther ? { label: 'Presa da un altro collaboratore', color: 'default' as const } : requestStatusLabels[request.status];
  const open = request.status === 'waiting' || request.status === 'pending';
  return (
    <Card component="article" aria-label={`Richiesta di ${request.storeName}`} sx={{ borderRadius: 3 }}>
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Chip size="small" color={status.color} label={status.label} />
          <Chip size="small" variant="outlined" label={requestTypeLabels[request.requestType].label} />
          {(request.urgencyLevel === 'urgent' || request.urgencyLevel === 'high') && (
            <Chip size="small" color="error" variant="outlined" label={`Urgenza ${urgencyShort[request.urgencyLevel].toLowerCase()}`} />
          )}
        </Box>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {who}
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{request.message}</Typography>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: 'max-content 1fr',
            columnGap: 2,
            rowGap: 0.5,
            '& dt': { color: 'text.secondary' },
            '& dd': { m: 0, overflowWrap: 'anywhere' },
          }}
        >
          <dt>Durata stimata</dt>
          <dd>{durationText(request.estimatedDuration)}</dd>
          <dt>Budget massimo</dt>
          <dd>{formatMoney(request.maxBudget)}</dd>
          {request.requiredServices.length > 0 && (
            <>
              <dt>Servizi</dt>
              <dd>{request.requiredServices.map((s) => collaboratorServices[s as CollaboratorService] ?? s).join(', ')}</dd>
            </>
          )}
          {open && (
            <>
              <dt>Risposta entro</dt>
              <dd>
                {formatDateTime(request.offeredUntil && request.status === 'pending' && request.requestType === 'auto_match' ? request.offeredUntil : request.responseDeadline)}
              </dd>
            </>
          )}
          {request.distanceKm !== null && (
            <>
              <dt>Distanza</dt>
              <dd>{request.distanceKm.toLocaleString('it-IT', { maximumFractionDigits: 1 })} km</dd>
            </>
          )}
          {request.acceptedAt && !request.takenByOther && (
            <>
              <dt>Accettata il</dt>
              <dd>{formatDateTime(request.acceptedAt)}</dd>
            </>
          )}
          {request.rejectionReason && (
            <>
              <dt>Motivo del rifiuto</dt>
              <dd>{request.rejectionReason}</dd>
            </>
          )}
          {request.status === 'expired' && request.expiredReason && (
            <>
              <dt>Scaduta</dt>
              <dd>{expiredReasonText(request.expiredReason)}</dd>
            </>
          )}
        </Box>
        {children}
      </CardContent>
      {actions && <CardActions sx={{ px: 2, pb: 2, pt: 0, flexWrap: 'wrap', gap: 1 }}>{actions}</CardActions>}
    </Card>
  );
}
