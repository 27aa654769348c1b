import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCartOutlined';
import { Badge, IconButton, Tooltip } from '@mui/material';
import { Link } from 'react-router-dom';
import { useCart } from '../../features/cart/api';
import { hasCollaborationNotices, useCollaboratorUnreadCount, useNotificationStream, useUnreadCount } from '../../features/notifications/api';
import type { Role } from '../../lib/types';
import { notificationsPath } from '../access';
import { useAuth } from '../auth';

/** The shopping cart with how many pieces it holds; only customers have one. */
export function CartButton() {
  const { data: cart } = useCart();
  const count = cart?.itemCount ?? 0;
  const label = count === 0 ? 'Carrello vuoto' : `Carrello: ${count} ${count === 1 ? 'articolo' : 'articoli'}`;
  return (
    <Tooltip title={label}>
      <IconButton component={Link} to="/customer/cart" aria-label={label} color="inherit">
        {/* No badge at zero (an empty one still holds its «0», which the name must then say too); up to 999 shown as it is, as the name says it. */}
        <Badge badgeContent={count || null} color="secondary" max={999}>
          <ShoppingCartIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}

/** The bell with the unread count (collaborators' and shopkeepers' collaboration notices included), leading to the notifications. */
export function NotificationBell({ role }: { role: Role }) {
  const { data: general = 0 } = useUnreadCount();
  const { data: collaboration = 0 } = useCollaboratorUnreadCount(hasCollaborationNotices(role));
  const unread = general + (hasCollaborationNotices(role) ? collaboration : 0);
  const label = unread === 0 ? 'Notifiche' : `Notifiche: ${unread} da leggere`;
  return (
    <Tooltip title={label}>
      <IconButton component={Link} to={notificationsPath(role)} aria-label={label} color="inherit">
        <Badge badgeContent={unread || null} color="error" max={999}>
          <NotificationsIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}

/** What a logged-in user finds in every header: the cart (customers) and the bell. */
export function HeaderActions() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <>
      {user.role === 'customer' && <CartButton />}
      <NotificationBell role={user.role} />
    </>
  );
}

/** Keeps the logged-in user's pages live (notifications stream); mounted once in the app shell. */
export function LiveNotifications() {
  const { user } = useAuth();
  useNotificationStream(user?.id ?? null);
  return null;
}
