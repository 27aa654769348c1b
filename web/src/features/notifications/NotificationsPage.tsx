import DoneAllIcon from '@mui/icons-material/DoneAll';
import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import { Box, Button, Card, List, ListItemButton, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { Fragment } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorText } from '../../lib/client';
import {
  useCollaboratorUnreadCount,
  useMarkAllCollaboratorNotificationsRead,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotificationList,
  useUnreadCount,
  type Notification,
} from './api';
import { LoadMore } from '../../components/LoadMore';
import { toast } from '../../components/toast/toast-store';
import { DashboardHeader } from '../../components/DashboardHeader';
import { EmptyState } from '../../components/EmptyState';
import { formatDateTime } from '../../lib/dates';
import { Skeletons } from '../../components/Skeletons';
import { HiddenText } from '../../components/HiddenText';
import { useAuth } from '../../app/auth';
import { CollaborationNotices } from './CollaborationNotices';
import { dividedItems } from '../../app/theme';

/**
 * /customer/notifications (other roles: /notifications) — newest first, unread ones highlighted; a tap marks it read and opens what it is about. Live.
 * Collaborators and shopkeepers read their collaboration notices here too, first.
 */
export default function NotificationsPage() {
  const { user } = useAuth();
  const collaborationSide = user?.role === 'collaborator' || user?.role === 'shopkeeper' ? user.role : null;
  const list = useNotificationList();
  const notifications = list.items;
  const { data: general = 0 } = useUnreadCount();
  const { data: collaboration = 0 } = useCollaboratorUnreadCount(collaborationSide !== null);
  // The header counts and clears both lists, as the bell counts them.
  const unread = general + (collaborationSide ? collaboration : 0);
  const markAll = useMarkAllNotificationsRead();
  const markAllCollaboration = useMarkAllCollaboratorNotificationsRead();

  const onMarkAll = () =>
    Promise.all([general > 0 ? markAll.mutateAsync() : null, collaborationSide && collaboration > 0 ? markAllCollaboration.mutateAsync() : null]).then(
      () => toast({ title: 'Tutte le notifiche sono lette', variant: 'success' }),
      (error: unknown) => toast({ title: 'Notifiche non aggiornate', description: errorText(error, 'Riprova tra poco.'), variant: 'destructive' }),
    );

  return (
    <>
      <DashboardHeader
        title="Notifiche"
        subtitle={unread === 0 ? 'Sei in pari: nessuna notifica da leggere.' : `${unread} ${unread === 1 ? 'notifica da leggere' : 'notifiche da leggere'}`}
        aside={
          notifications.length > 0 && (
            <Button variant="outlined" startIcon={<DoneAllIcon />} onClick={() => void onMarkAll()} disabled={unread === 0 || markAll.isPending || markAllCollaboration.isPending}>
              Segna tutte come lette
            </Button>
          )
        }
      />
      {collaborationSide && <CollaborationNotices role={collaborationSide} />}
      {collaborationSide && (
        <Typography variant="h6" component="h2" sx={{ fontWeight: 800, mb: 1 }}>
          Altre notifiche
        </Typography>
      )}
      {list.isLoading ? (
        <Skeletons label="Caricamento delle notifiche" heights={[72, 72, 72]} gap={1} />
      ) : notifications.length === 0 ? (
        <EmptyState
          icon={<NotificationsIcon />}
          title="Nessuna notifica"
          text={
            collaborationSide
              ? 'Qui trovi gli altri aggiornamenti sul tuo account, appena succedono.'
              : 'Qui trovi gli aggiornamenti sui tuoi ordini e sulle tue prenotazioni, appena succedono.'
          }
        />
      ) : (
        <Card>
          <List disablePadding aria-label="Notifiche" sx={dividedItems}>
            {notifications.map((n) => (
              <Fragment key={n.id}>
                <NotificationRow notification={n} />
              </Fragment>
            ))}
          </List>
          <LoadMore list={list} label="Mostra altre notifiche" noun="notifiche" />
        </Card>
      )}
    </>
  );
}

function NotificationRow({ notification: n }: { notification: Notification }) {
  const navigate = useNavigate();
  const markRead = useMarkNotificationRead();
  const onOpen = () => {
    if (!n.read) {
      markRead.mutate(n.id, {
        onError: (error) => toast({ title: 'Notifica non aggiornata', description: errorText(error, 'Riprova tra poco.'), variant: 'destructive' }),
      });
    }
    if (n.link) void navigate(n.link);
  };
  return (
    <li>
      <ListItemButton onClick={onOpen} sx={(t) => ({ alignItems: 'flex-start', gap: 1.5, py: 1.5, bgcolor: n.read ? 'transparent' : alpha(t.palette.primary.main, 0.18) })}>
        <Box aria-hidden sx={{ width: 10, height: 10, borderRadius: '50%', mt: '7px', flexShrink: 0, bgcolor: n.read ? 'transparent' : 'secondary.main' }} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: n.read ? 500 : 800, overflowWrap: 'anywhere' }}>
            {!n.read && <HiddenText>Da leggere: </HiddenText>}
            {n.title}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {n.message}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {formatDateTime(n.createdAt)}
            {n.link && ' · Apri'}
          </Typography>
        </Box>
      </ListItemButton>
    </li>
  );
}
