import PlaceIcon from '@mui/icons-material/Place';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { Avatar, Box, Card, Chip, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { Link } from 'react-router-dom';
import { formatDistance } from '../../app/position';
import { useCategoryName } from '../stores/store-parts';
import type { NearbyStore } from './api';
import { DeliveryChips, OpenNowChip } from './shop-chips';

/**
 * A shop nearby: logo, name (the whole card opens its page), category and address, distance,
 * whether it is open now, and whether it takes pickups and ships.
 */
export function NearbyShopCard({ shop, headingLevel = 'h3' }: { shop: NearbyStore; headingLevel?: 'h2' | 'h3' }) {
  const categoryName = useCategoryName();
  return (
    <Card
      sx={(t) => ({
        position: 'relative',
        p: 1.5,
        height: '100%',
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: '48px minmax(0, 1fr)',
        alignItems: 'start',
        borderRadius: 3,
        transition: 'border-color 150ms, box-shadow 150ms',
        '&:hover': { borderColor: t.palette.secondary.main, boxShadow: `0 4px 16px ${alpha(t.palette.text.primary, 0.08)}` },
        '&:focus-within': { borderColor: t.palette.secondary.main, outline: `2px solid ${t.palette.secondary.main}`, outlineOffset: 1 },
      })}
    >
      <Avatar src={shop.logo ?? undefined} alt="" variant="rounded" sx={{ width: 48, height: 48, bgcolor: (t) => alpha(t.palette.primary.main, 0.35), color: 'text.primary' }}>
        <StorefrontIcon />
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        {/* The shop's link stretches over the whole card. */}
        <Typography component={headingLevel} sx={{ fontWeight: 700, fontSize: '1.05rem', lineHeight: 1.3, m: 0, overflowWrap: 'anywhere' }}>
          <Box
            component={Link}
            to={`/stores/${shop.slug}`}
            sx={{
              color: 'text.primary',
              textDecoration: 'none',
              '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: 'inherit' },
              '&:focus-visible': { outline: 'none' },
            }}
          >
            {shop.name}
          </Box>
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {categoryName(shop.category)}
        </Typography>
        <Typography variant="body2" color="text.secondary" title={shop.address} sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontSize: '0.8rem' }}>
          {shop.address}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75, mt: 1 }}>
          <Chip size="small" icon={<PlaceIcon />} label={formatDistance(shop.distanceKm)} sx={{ bgcolor: (t) => alpha(t.palette.primary.main, 0.3) }} />
          <OpenNowChip open={shop.openNow} hoursStated={shop.pickup} />
          <DeliveryChips pickup={shop.pickup} shipping={shop.shipping} />
        </Box>
      </Box>
    </Card>
  );
}
