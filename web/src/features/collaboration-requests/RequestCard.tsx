import { Box, Card, CardActions, CardContent, Chip, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { collaboratorServices, type CollaboratorService } from '@pure/collaborators/services';
import { formatDateTime } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import { durationText, expiredReasonText, requestStatusLabels, requestTypeLabels, urgencyShort, type CollaborationRequest } from './api';
import { Facts } from '../../components/Facts';

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
        <Facts
          rows={[
            ['Durata stimata', durationText(request.estimatedDuration)],
            ['Budget massimo', formatMoney(request.maxBudget)],
            request.requiredServices.length > 0 && ['Servizi', request.requiredServices.map((s) => collaboratorServices[s as CollaboratorService] ?? s).join(', ')],
            open && [
              'Risposta entro',
              formatDateTime(request.offeredUntil && request.status === 'pending' && request.requestType === 'auto_match' ? request.offeredUntil : request.responseDeadline),
            ],
            request.distanceKm !== null && ['Distanza', `${request.distanceKm.toLocaleString('it-IT', { maximumFractionDigits: 1 })} km`],
            !!request.acceptedAt && !request.takenByOther && ['Accettata il', formatDateTime(request.acceptedAt)],
            !!request.rejectionReason && ['Motivo del rifiuto', request.rejectionReason],
            request.status === 'expired' && !!request.expiredReason && ['Scaduta', expiredReasonText(request.expiredReason)],
          ]}
        />
        {children}
      </CardContent>
      {actions && <CardActions sx={{ px: 2, pb: 2, pt: 0, flexWrap: 'wrap', gap: 1 }}>{actions}</CardActions>}
    </Card>
  );
}
