import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import { Box, Card, CardContent, Link as MuiLink, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useAuth } from '../../app/auth';
import { formatMoney } from '../../lib/money';
import { usePriceComparison } from './api';
import { distanceText } from './wording';
import { plural } from '@platform/domain/format';

/**
 * On a product's page, for a customer whose price comparison is on: the shops nearby that sell the
 * same product cheapest (this one among them when it is), each a link to its offer. Nothing for
 * anyone else, nor for a product without a shared catalogue barcode.
 */
export function CheapestNearby({ productId, linked }: { productId: string; linked: boolean }) {
  const { user } = useAuth();
  const { data } = usePriceComparison(productId, { enabled: linked && user?.role === 'customer' });
  if (!data || !('comparison' in data) || data.comparison.shops <= 1) return null;
  const c = data.comparison;
  return (
    <Card sx={{ borderRadius: 3, mb: 2.5 }} component="section" aria-labelledby="cheapest-nearby">
      <CardContent>
        <Typography
          id="cheapest-nearby"
          variant="overline"
          color="text.secondary"
          sx={{ fontWeight: 700, letterSpacing: '0.1em', display: 'flex', gap: 0.75, alignItems: 'center' }}
        >
          <CompareArrowsIcon sx={{ fontSize: 18 }} aria-hidden />I prezzi più bassi qui vicino
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          In {plural(c.shops, 'negozio', 'negozi')} entro {c.radiusKm.toLocaleString('it-IT')} km: da {formatMoney(c.lowest)} a {formatMoney(c.highest)}.
        </Typography>
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {c.cheapest.map((s) => (
            <Box component="li" key={s.productId} sx={{ display: 'flex', gap: 1.5, alignItems: 'baseline', justifyContent: 'space-between', minWidth: 0 }}>
              <Box sx={{ minWidth: 0 }}>
                {s.isThisShop ? (
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{s.storeName}</Typography>
                ) : (
                  <MuiLink component={Link} to={`/products/${s.productId}`} underline="hover" sx={{ fontWeight: 600, color: 'text.primary', overflowWrap: 'anywhere' }}>
                    {s.storeName}
                  </MuiLink>
                )}
                <Typography variant="body2" color="text.secondary">
                  {distanceText(s.distanceKm, s.isThisShop)}
                </Typography>
              </Box>
              <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{formatMoney(s.price)}</Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
