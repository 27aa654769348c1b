import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import { Box, Button, Chip, List, ListItem, ListItemText, Skeleton, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { SectionCard } from '../../components/SectionCard';
import { formatDateTime } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import { urgencyShort, useRequests } from '../collaboration-requests/api';
import type { StoreInArea } from './api';

/**
 * The open requests of the shops in my area (issue [12], /collaborator/stores-map): those waiting
 * for anyone of the zone and those addressed to me, nearest shop first, each leading to the
 * requests' page to answer. `stores` are the shops of the circle, for the ones with no request.
 */
export function OpenRequestsSection({ stores }: { stores: StoreInArea[] }) {
  const requests = useRequests();
  const open = (requests.data ?? []).filter((r) => !r.takenByOther && (r.status === 'waiting' || r.status === 'pending')).sort((a, b) => (a.distanceKm ?? 0) - (b.distanceKm ?? 0));
  return (
    <SectionCard title="Richieste aperte" icon={<MarkEmailUnreadIcon />}>
      {requests.isPending ? (
        <Skeleton variant="rounded" height={80} />
      ) : open.length === 0 ? (
        <Typography color="text.secondary" data-testid="open-requests">
          {stores.length
            ? 'Nessuna richiesta aperta dai negozi della tua zona per ora: quando un negozio chiede aiuto, la trovi qui.'
            : 'Quando un negozio della tua zona chiede aiuto, la richiesta compare qui.'}
        </Typography>
      ) : (
        <Box data-testid="open-requests">
          <List dense disablePadding>
            {open.map((r) => (
              <ListItem key={r.id} disableGutters divider>
                <ListItemText
                  primary={
                    <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                      <Box component="span" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                        {r.storeName}
                      </Box>
                      {r.status === 'pending' && <Chip size="small" color="warning" label="Per te" />}
                      {(r.urgencyLevel === 'urgent' || r.urgencyLevel === 'high') && <Chip size="small" color="error" variant="outlined" label={urgencyShort[r.urgencyLevel]} />}
                    </Box>
                  }
                  secondary={`${r.distanceKm !== null ? `${r.distanceKm.toLocaleString('it-IT', { maximumFractionDigits: 1 })} km · ` : ''}budget ${formatMoney(r.maxBudget)} · entro il ${formatDateTime(r.offeredUntil ?? r.responseDeadline)}`}
                />
              </ListItem>
            ))}
          </List>
          <Button component={RouterLink} to="/collaborator/requests" variant="contained" sx={{ mt: 2 }}>
            Rispondi alle richieste
          </Button>
        </Box>
      )}
    </SectionCard>
  );
}
