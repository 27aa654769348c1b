import StorefrontIcon from '@mui/icons-material/Storefront';
import { Box, Card, Chip, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { formatMoney } from '../../lib/money';
import { LowestPriceNote, ProductImage, StockChip } from '../products/product-parts';
import type { SearchItem } from './api';
import { clampLines } from '../../app/theme';
import { AddressLine, DistanceChip, linkCardFrame, OpenNowChip, PickupTodayChip, stretchedLink } from './shop-chips';

/**
 * A product found: photo, name (the whole card links to it), its shop and address, distance, stock,
 * whether the shop is open now and whether it can be picked up today, and price.
 */
export function ResultCard({ item }: { item: SearchItem }) {
  return (
    <Card
      sx={(t) => ({
        ...linkCardFrame(t),
        gap: { xs: 1.5, sm: 2 },
        gridTemplateColumns: { xs: '88px minmax(0, 1fr)', sm: '112px minmax(0, 1fr) auto' },
        '&:focus-within': { borderColor: t.palette.secondary.main },
      })}
    >
      <ProductImage src={item.imageUrl} alt={item.name} />
      <Box sx={{ minWidth: 0 }}>
        {/* The product link stretches over the whole card; the shop link sits above it. */}
        <Typography
          component={Link}
          to={`/products/${item.id}`}
          sx={{
            fontWeight: 700,
            fontSize: '1.05rem',
            lineHeight: 1.3,
            ...clampLines(2),
            overflowWrap: 'anywhere',
            ...stretchedLink,
          }}
        >
          {item.name}
        </Typography>
        <Box
          component={Link}
          to={`/stores/${item.store.slug}`}
          sx={{
            position: 'relative',
            zIndex: 1,
            display: 'inline-flex',
            alignItems: 'center',
            gap: 0.5,
            mt: 0.5,
            maxWidth: '100%',
            color: 'text.secondary',
            fontSize: '0.9rem',
            textDecoration: 'none',
            '&:hover': { color: 'text.primary', textDecoration: 'underline' },
          }}
        >
          <StorefrontIcon sx={{ fontSize: 16, flexShrink: 0 }} />
          <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {item.store.name}
          </Box>
        </Box>
        <AddressLine address={item.store.address} />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75, mt: 1 }}>
          <DistanceChip km={item.distanceKm} />
          <StockChip quantity={item.stockQuantity} />
          <OpenNowChip open={item.openNow} />
          {item.stockQuantity > 0 && <PickupTodayChip today={item.pickupToday} />}
          {item.onSale && <Chip size="small" color="secondary" label="In offerta" />}
        </Box>
        <Typography sx={{ display: { xs: 'block', sm: 'none' }, fontWeight: 800, fontSize: '1.15rem', mt: 1 }}>{formatMoney(item.price)}</Typography>
        <Box sx={{ mt: 0.5 }}>
          <LowestPriceNote product={item} compact />
        </Box>
      </Box>
      <Typography sx={{ display: { xs: 'none', sm: 'block' }, fontWeight: 800, fontSize: '1.3rem', whiteSpace: 'nowrap' }}>{formatMoney(item.price)}</Typography>
    </Card>
  );
}
