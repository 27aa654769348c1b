import { plural } from '@platform/domain/format';
import MapIcon from '@mui/icons-material/MapOutlined';
import PhoneIcon from '@mui/icons-material/PhoneOutlined';
import { Box, Button, Card, CardActions, CardContent, Chip, Collapse, Link as MuiLink, Skeleton, Typography } from '@mui/material';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Facts } from '../../components/Facts';
import { formatDateTime } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import { isLate, kmText, taskStatusChips, taskTypeLabels, type Task } from './api';

const RouteMap = lazy(() => import('../../components/MapPicker').then((m) => ({ default: m.RouteMap })));

/** The delivery's two places on a map, opened on demand (a map per card would weigh on a phone). */
function DeliveryMap({ task }: { task: Task }) {
  const [open, setOpen] = useState(false);
  const { pickupLatitude, pickupLongitude, deliveryLatitude, deliveryLongitude } = task;
  if (pickupLatitude === null || pickupLongitude === null || deliveryLatitude === null || deliveryLongitude === null) return null;
  const exact = task.deliveryAddress !== null;
  return (
    <>
      <Button size="small" startIcon={<MapIcon />} onClick={() => setOpen((o) => !o)} aria-expanded={open} sx={{ justifySelf: 'start' }}>
        {open ? 'Nascondi la mappa' : 'Mostra sulla mappa'}
      </Button>
      <Collapse in={open} unmountOnExit>
        <Suspense fallback={<Skeleton variant="rounded" height={280} />}>
          <RouteMap
            from={{ latitude: pickupLatitude, longitude: pickupLongitude, label: `Ritiro: ${task.storeName}` }}
            to={{ latitude: deliveryLatitude, longitude: deliveryLongitude, label: exact ? `Consegna: ${task.deliveryAddress}` : 'Zona di consegna (indicativa)' }}
            approximate={!exact}
          />
        </Suspense>
      </Collapse>
    </>
  );
}

/**
 * A task as the collaborator reads it: its state (late, offered, taken by another), what it is,
 * where and by when, what it pays; for a delivery the pickup and the address (the exact one and
 * the customer only once it is theirs) and the map. `actions` are its moves.
 */
export function TaskCard({ task, actions, now = new Date() }: { task: Task; actions?: ReactNode; now?: Date }) {
  const status = task.takenByOther ? { label: 'Presa da un altro collaboratore', color: 'default' as const } : taskStatusChips[task.status];
  const late = isLate(task, now);
  const delivery = task.type === 'delivery';
  return (
    <Card component="article" aria-label={task.title} sx={{ borderRadius: 3, minWidth: 0 }}>
      <CardContent sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Chip size="small" color={status.color} label={status.label} />
          <Chip size="small" variant="outlined" label={taskTypeLabels[task.type]} />
          {task.offered && task.status === 'pending' && <Chip size="small" variant="outlined" color="primary" label="Offerta alla zona" />}
          {late && <Chip size="small" color="error" label="In ritardo" />}
        </Box>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {task.title}
        </Typography>
        <Facts
          rows={[
            ['Negozio', task.storeName],
            delivery && !!task.pickupAddress && ['Ritiro', task.pickupAddress],
            delivery && ['Consegna', task.deliveryAddress ?? 'Zona sulla mappa: l’indirizzo esatto dopo l’accettazione'],
            task.distance !== null && ['Distanza', kmText(task.distance)],
            ['Compenso', `${formatMoney(task.compensation)}${task.credits > 0 ? ` · ${plural(task.credits, 'credito', 'crediti')}` : ''}`],
            [task.status === 'completed' ? 'Scadenza' : 'Entro', formatDateTime(task.deadline)],
            !!task.customerName && [
              'Cliente',
              <>
                {task.customerName}
                {task.customerPhone && (
                  <>
                    {' · '}
                    <MuiLink href={`tel:${task.customerPhone.replace(/[^\d+]/g, '')}`} sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center', whiteSpace: 'nowrap' }}>
                      <PhoneIcon fontSize="inherit" /> {task.customerPhone}
                    </MuiLink>
                  </>
                )}
              </>,
            ],
            !!task.completedAt && !task.takenByOther && ['Completata', formatDateTime(task.completedAt)],
            task.status === 'cancelled' && !!task.cancelReason && ['Annullata', task.cancelReason],
          ]}
        />
        {task.description && (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {task.description}
          </Typography>
        )}
        {delivery && !task.takenByOther && task.status !== 'cancelled' && <DeliveryMap task={task} />}
      </CardContent>
      {actions && <CardActions sx={{ px: 2, pb: 2, pt: 0, flexWrap: 'wrap', gap: 1 }}>{actions}</CardActions>}
    </Card>
  );
}

/** Cards side by side where there is room, one under the other on a phone. */
export function TaskGrid({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 340px), 1fr))', alignItems: 'start' }}>{children}</Box>;
}
