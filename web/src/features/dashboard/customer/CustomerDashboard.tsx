import EuroIcon from '@mui/icons-material/Euro';
import FavoriteIcon from '@mui/icons-material/Favorite';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import NotificationsIcon from '@mui/icons-material/Notifications';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { Avatar, Box, Button, Card, CardContent, Link as MuiLink, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useFavorites } from '../../favorites/api';
import { useUserOrders, useUserOrderTotals } from '../../orders/api';
import { useUnreadCount } from '../../notifications/api';
import { useAuth } from '../../../app/auth';
import { formatDate } from '../../../lib/dates';
import { formatMoney } from '../../../lib/money';
import { RecentList } from '../../../components/RecentList';
import { StatCard, StatGrid } from '../../../components/StatCard';
import { StatusBadge } from '../../../components/StatusBadge';
import { ShopCategoryRating } from '../../stores/store-parts';
import { customerFigures, recentLimit } from '../../orders/customer/customer-figures';
import { DashboardHeader } from '../../../components/DashboardHeader';

/** /dashboard/customer (spec §2): orders, spending, favourites and unread notifications. */
export default function CustomerDashboard() {
  const { user } = useAuth();
  const { data: totals } = useUserOrderTotals();
  const recent = useUserOrders([], { pageSize: recentLimit });
  const { data: favorites = [] } = useFavorites();
  const { data: unread = 0 } = useUnreadCount();
  const figures = customerFigures(totals);
  return (
    <>
      <DashboardHeader
        title={`Ciao, ${user!.name.split(' ')[0]}!`}
        subtitle="I tuoi ordini e i tuoi negozi preferiti."
        aside={
          <Button component={Link} to="/customer/orders" variant="outlined">
            Tutti gli ordini
          </Button>
        }
      />
      <StatGrid>
        <StatCard label="Ordini" value={figures.orders} hint={`${figures.completed} ${figures.completed === 1 ? 'completato' : 'completati'}`} icon={<ReceiptLongIcon />} />
        <StatCard label="In corso" value={figures.inProgress} icon={<LocalShippingIcon />} />
        <StatCard label="Totale speso" value={formatMoney(figures.spent)} icon={<EuroIcon />} />
        <StatCard label="Preferiti" value={favorites.length} icon={<FavoriteIcon />} />
        <StatCard label="Notifiche da leggere" value={unread} icon={<NotificationsIcon />} />
      </StatGrid>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' } }}>
        <RecentList
          title="Ultimi ordini"
          items={recent.items}
          empty="Non hai ancora fatto ordini: cerca un prodotto nei negozi vicino a te."
          render={(o) => (
            <>
              <Box sx={{ minWidth: 0, flex: '1 1 160px' }}>
                <MuiLink
                  component={Link}
                  to={`/customer/orders/${o.id}`}
                  underline="hover"
                  sx={{ fontWeight: 600, color: 'text.primary', display: 'block', overflowWrap: 'anywhere' }}
                >
                  {o.storeName}
                </MuiLink>
                <Typography variant="body2" color="text.secondary">
                  {formatDate(o.createdAt)}
                </Typography>
              </Box>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                <Typography sx={{ fontWeight: 700 }}>{formatMoney(o.total)}</Typography>
                <StatusBadge status={o.status} />
              </Box>
            </>
          )}
        />
        <Card>
          <CardContent>
            <Typography variant="h4" component="h2" sx={{ mb: 1.5 }}>
              Negozi preferiti
            </Typography>
            {favorites.length === 0 ? (
              <Typography color="text.secondary">Nessun negozio preferito: tocca il cuore nella pagina di un negozio per ritrovarlo qui.</Typography>
            ) : (
              <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 240px), 1fr))' }}>
                {favorites.slice(0, 6).map((shop) => (
                  <Box
                    key={shop.id}
                    component={Link}
                    to={`/stores/${shop.slug}`}
                    sx={{
                      display: 'flex',
                      gap: 1.5,
                      alignItems: 'center',
                      minWidth: 0,
                      color: 'inherit',
                      textDecoration: 'none',
                      borderRadius: 2,
                      '&:hover .shop-name': { textDecoration: 'underline' },
                    }}
                  >
                    <Avatar src={shop.logoUrl ?? undefined} variant="rounded" sx={{ bgcolor: 'primary.main' }}>
                      <StorefrontIcon sx={{ color: 'primary.contrastText' }} />
                    </Avatar>
                    <Box sx={{ minWidth: 0 }}>
                      <Typography className="shop-name" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                        {shop.name}
                      </Typography>
                      <ShopCategoryRating category={shop.category} rating={shop.rating} />
                    </Box>
                  </Box>
                ))}
              </Box>
            )}
          </CardContent>
        </Card>
      </Box>
    </>
  );
}
