import DoneAllIcon from '@mui/icons-material/DoneAll';
import HandshakeIcon from '@mui/icons-material/HandshakeOutlined';
import { Box, Button, Card, Chip, List, ListItemButton, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { Fragment } from 'react';
import { useNavigate } from 'react-router-dom';
import { notificationTypeLabels, priorityLabels } from '@labels/notifications';
import { EmptyState } from '../../components/EmptyState';
import { LoadMore } from '../../components/LoadMore';
import { Skeletons } from '../../components/Skeletons';
import { toast } from '../../components/toast/toast-store';
import { HiddenText } from '../../components/HiddenText';
import { errorText } from '../../lib/client';
import { formatDateTime } from '../../lib/dates';
import { dividedItems } from '../../app/theme';
import {
  useCollaboratorNotificationList,
  useCollaboratorUnreadCount,
  useMarkAllCollaboratorNotificationsRead,
  useMarkCollaboratorNotificationRead,
  type CollaboratorNotification,
} from './api';

/**
 * The collaboration notices of a collaborator or a shopkeeper, on their notifications page
 * (/notifications): newest first, unread highlighted, high priority and expired ones marked; a tap
 * marks it read and opens its page. Live through the notifications' stream.
 */
export function CollaborationNotices({ role }: { role: 'collaborator' | 'shopkeeper' }) {
  const list = useCollaboratorNotificationList();
  const { data: unread = 0 } = useCollaboratorUnreadCount();
  const markAll = useMarkAllCollaboratorNotificationsRead();
  const onMarkAll = () =>
    markAll.mutate(undefined, {
      onSuccess: () => toast({ title: 'Avvisi delle collaborazioni letti', variant: 'success' }),
      onError: (error) => toast({ title: 'Avvisi non aggiornati', description: errorText(error, 'Riprova tra poco.'), variant: 'destructive' }),
    });

  return (
    <Box component="section" aria-labelledby="collaboration-notices" sx={{ mb: 3 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Box>
          <Typography id="collaboration-notices" variant="h6" component="h2" sx={{ fontWeight: 800 }}>
            Collaborazioni
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {unread === 0 ? 'Nessun avviso da leggere.' : `${unread} ${unread === 1 ? 'avviso da leggere' : 'avvisi da leggere'}`}
          </Typography>
        </Box>
        {list.items.length > 0 && (
          <Button size="small" variant="outlined" startIcon={<DoneAllIcon />} onClick={onMarkAll} disabled={unread === 0 || markAll.isPending}>
            Segna come letti
          </Button>
        )}
      </Stack>
      {list.isLoading ? (
        <Skeletons label="Caricamento degli avvisi delle collaborazioni" heights={[72, 72]} gap={1} />
      ) : list.items.length === 0 ? (
        <EmptyState
          icon={<HandshakeIcon />}
          title="Nessun avviso sulle collaborazioni"
          text={
            role === 'collaborator'
              ? 'Qui arrivano le richieste dei negozi della tua zona e le loro conferme, appena succedono.'
              : 'Qui sai quando un collaboratore accetta o rifiuta le tue richieste, e quando scadono.'
          }
        />
      ) : (
        <Card>
          <List disablePadding aria-label="Avvisi delle collaborazioni" sx={dividedItems}>
            {list.items.map((n) => (
              <Fragment key={n.id}>
                <NoticeRow notice={n} />
              </Fragment>
            ))}
          </List>
          <LoadMore list={list} label="Mostra altri avvisi" noun="avvisi" />
        </Card>
      )}
    </Box>
  );
}

function NoticeRow({ notice: n }: { notice: CollaboratorNotification }) {
  const navigate = useNavigate();
  const markRead = useMarkCollaboratorNotificationRead();
  const fresh = !n.isRead && !n.expired;
  const onOpen = () => {
    if (!n.isRead) {
      markRead.mutate(n.id, {
        onError: (error) => toast({ title: 'Avviso non aggiornato', description: errorText(error, 'Riprova tra poco.'), variant: 'destructive' }),
      });
    }
    if (n.actionUrl) void navigate(n.actionUrl);
  };
  return (
    <li>
      <ListItemButton
        onClick={onOpen}
        sx={(t) => ({ alignItems: 'flex-start', gap: 1.5, py: 1.5, bgcolor: fresh ? alpha(t.palette.primary.main, 0.18) : 'transparent', opacity: n.expired ? 0.7 : 1 })}
      >
        <Box aria-hidden sx={{ width: 10, height: 10, borderRadius: '50%', mt: '7px', flexShrink: 0, bgcolor: fresh ? 'secondary.main' : 'transparent' }} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 0.75 }}>
            <Typography sx={{ fontWeight: fresh ? 800 : 500, overflowWrap: 'anywhere' }}>
              {fresh && <HiddenText>Da leggere: </HiddenText>}
              {n.title}
            </Typography>
            {n.priority === 'high' && <Chip size="small" color="error" label={`Priorità ${priorityLabels.high.toLowerCase()}`} />}
            {n.expired && <Chip size="small" variant="outlined" label="Scaduto" />}
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {n.message}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {notificationTypeLabels[n.notificationType]} · {formatDateTime(n.createdAt)}
            {n.expiresAt && !n.expired && ` · entro ${formatDateTime(n.expiresAt)}`}
          </Typography>
        </Box>
      </ListItemButton>
    </li>
  );
}
