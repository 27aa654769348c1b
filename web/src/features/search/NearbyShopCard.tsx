import StorefrontIcon from '@mui/icons-material/Storefront';
import { Avatar, Box, Card, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { Link } from 'react-router-dom';
import { useCategoryName } from '../stores/store-parts';
import type { NearbyStore } from './api';
import { AddressLine, DeliveryChips, DistanceChip, linkCardFrame, OpenNowChip, stretchedLink } from './shop-chips';

/**
 * A shop nearby: logo, name (the whole card opens its page), category and address, distance,
 * whether it is open now, and whether it takes pickups and ships.
 */
export function NearbyShopCard({ shop, headingLevel = 'h3' }: { shop: NearbyStore; headingLevel?: 'h2' | 'h3' }) {
  const categoryName = useCategoryName();
  return (
    <Card
      sx={(t) => ({
        ...linkCardFrame(t),
        height: '100%',
        gap: 1.5,
        gridTemplateColumns: '48px minmax(0, 1fr)',
        '&:focus-within': { borderColor: t.palette.secondary.main, outline: `2px solid ${t.palette.secondary.main}`, outlineOffset: 1 },
      })}
    >
      <Avatar src={shop.logo ?? undefined} alt="" variant="rounded" sx={{ width: 48, height: 48, bgcolor: (t) => alpha(t.palette.primary.main, 0.35), color: 'text.primary' }}>
        <StorefrontIcon />
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        {/* The shop's link stretches over the whole card. */}
        <Typography component={headingLevel} sx={{ fontWeight: 700, fontSize: '1.05rem', lineHeight: 1.3, m: 0, overflowWrap: 'anywhere' }}>
          <Box component={Link} to={`/stores/${shop.slug}`} sx={stretchedLink}>
            {shop.name}
          </Box>
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {categoryName(shop.category)}
        </Typography>
        <AddressLine address={shop.address} />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75, mt: 1 }}>
          <DistanceChip km={shop.distanceKm} />
          <OpenNowChip open={shop.openNow} hoursStated={shop.pickup} />
          <DeliveryChips pickup={shop.pickup} shipping={shop.shipping} />
        </Box>
      </Box>
    </Card>
  );
}
