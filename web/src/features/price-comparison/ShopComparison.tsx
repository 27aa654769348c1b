import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import { Box, Link as MuiLink, Skeleton, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { usePriceComparison } from './api';
import { pricesLine, rankSentence } from './wording';

/** Where a shopkeeper buys a plan. */
const packagesPage = '/shopkeeper/packages';

/** A discreet line saying which plan includes the comparison (the server's words), with the way to it. */
export function ComparisonPlanHint({ message }: { message: string }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', gap: 0.75, alignItems: 'flex-start', overflowWrap: 'anywhere' }}>
      <CompareArrowsIcon sx={{ fontSize: 18, mt: '1px', flexShrink: 0 }} aria-hidden />
      <span>
        {message}{' '}
        <MuiLink component={Link} to={packagesPage} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
          Vai a Pacchetti
        </MuiLink>
      </span>
    </Typography>
  );
}

/**
 * The product's place among the shops around that sell it (its shared catalogue barcode): "Sei il
 * 2° più economico su 7 negozi entro 10 km" and the lowest, median and highest price. Nothing while
 * it loads or when it cannot be read; the plan's hint when the plan lacks it.
 */
export function ShopComparison({ productId }: { productId: string }) {
  const { data, isPending } = usePriceComparison(productId);
  if (isPending) return <Skeleton width={220} aria-hidden />;
  if (!data) return null;
  if ('refused' in data) return <ComparisonPlanHint message={data.refused} />;
  if ('unlinked' in data) return null;
  const c = data.comparison;
  return (
    <Box aria-label="Confronto prezzi" role="group" sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 600, display: 'flex', gap: 0.75, alignItems: 'flex-start', color: c.rank === 1 ? 'success.dark' : 'text.primary' }}>
        <CompareArrowsIcon sx={{ fontSize: 18, mt: '1px', flexShrink: 0 }} aria-hidden />
        <span>{rankSentence(c)}</span>
      </Typography>
      {c.shops > 1 && (
        <Typography variant="body2" color="text.secondary" sx={{ pl: '26px', fontVariantNumeric: 'tabular-nums' }}>
          {pricesLine(c)}
        </Typography>
      )}
    </Box>
  );
}
