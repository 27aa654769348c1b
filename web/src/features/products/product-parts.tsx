import ImageNotSupportedOutlinedIcon from '@mui/icons-material/ImageNotSupportedOutlined';
import { Box, Chip, Typography, type SxProps, type Theme } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { omnibusApplies } from '@pure/catalog/consumer-law';
import { formatMoney } from '../../lib/money';

/* A product as the customer pages show it (search, store, product, cart). */

/** Stock as a shopper reads it: available, few left, or sold out. */
export function StockChip({ quantity, size = 'small' }: { quantity: number; size?: 'small' | 'medium' }) {
  if (quantity <= 0) return <Chip size={size} label="Esaurito" variant="outlined" />;
  if (quantity <= 5) return <Chip size={size} color="warning" variant="outlined" label={quantity === 1 ? 'Ultimo pezzo' : `Ultimi ${quantity} pezzi`} />;
  return <Chip size={size} color="success" variant="outlined" label="Disponibile" />;
}

/** A product photo, or a calm placeholder when the shop has not uploaded one. */
export function ProductImage({ src, alt, sx }: { src: string | null; alt: string; sx?: SxProps<Theme> }) {
  const frame: SxProps<Theme> = [
    { display: 'block', width: '100%', aspectRatio: '1 / 1', borderRadius: 2, bgcolor: (t) => alpha(t.palette.primary.main, 0.18), objectFit: 'cover' },
    // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- MUI's documented merge of an sx prop: Array.isArray types its array form as any[]
    ...(Array.isArray(sx) ? sx : [sx]),
  ];
  if (src) return <Box component="img" src={src} alt={alt} loading="lazy" sx={frame} />;
  return (
    <Box role="img" aria-label={`${alt}: foto non disponibile`} sx={[...frame, { display: 'grid', placeItems: 'center', color: 'text.secondary', containerType: 'inline-size' }]}>
      {/* Sized by the frame, so a thumbnail and a gallery both get a fitting icon. */}
      <ImageNotSupportedOutlinedIcon sx={{ fontSize: 'clamp(1.75rem, 18cqi, 4.5rem)', opacity: 0.55 }} />
    </Box>
  );
}

/** What the Omnibus note reads of a product. */
interface PricedProduct {
  price: number;
  onSale: boolean;
  category: string | null;
  lowestPrice30Days: number | null;
}

/**
 * Beside a product on sale, the lowest price of the 30 days before its price began (Codice del
 * Consumo art. 17-bis, the Omnibus rule), and the discount measured from it; perishable goods are
 * exempt. With no other price in those days, the price itself is the lowest.
 */
export function LowestPriceNote({ product, compact = false }: { product: PricedProduct; compact?: boolean }) {
  if (!product.onSale || !omnibusApplies(product.category)) return null;
  const lowest = product.lowestPrice30Days ?? product.price;
  const discount = lowest > product.price ? Math.round((1 - product.price / lowest) * 100) : 0;
  return (
    <Typography component="p" sx={{ color: 'text.secondary', fontSize: compact ? '0.8rem' : '0.95rem', lineHeight: 1.35 }}>
      {compact ? 'Prezzo più basso 30 giorni: ' : 'Prezzo più basso degli ultimi 30 giorni: '}
      <Box component="span" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
        {formatMoney(lowest)}
      </Box>
      {discount > 0 && (
        <Box component="span" sx={{ whiteSpace: 'nowrap', color: 'error.main', fontWeight: 700 }}>
          {' '}
          (−{discount}%)
        </Box>
      )}
    </Typography>
  );
}
