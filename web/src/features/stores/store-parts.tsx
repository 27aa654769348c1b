import ImageNotSupportedOutlinedIcon from '@mui/icons-material/ImageNotSupportedOutlined';
import StarIcon from '@mui/icons-material/Star';
import { Box, Chip, Skeleton, Typography, type SxProps, type Theme } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { lazy, Suspense, useMemo, type ComponentProps, type ReactNode } from 'react';
import { useCategories } from './api';
import { formatRating } from '../../lib/format';

/* Pieces shared by the customer pages (search, store, product, favourites). */

/* Leaflet is heavy: it loads only when a page actually shows a map. */
const LazyStoreMap = lazy(() => import('../../components/MapPicker').then((m) => ({ default: m.StoreMap })));

export type StoreMapProps = ComponentProps<typeof LazyStoreMap>;

/**
 * The read-only shop map, with a placeholder while Leaflet loads. The map keeps its own frame;
 * a page that needs another height (the search page's tall side map) passes it here.
 */
export function ShopMap({ height, ...props }: StoreMapProps & { height?: number | string }) {
  return (
    <Box sx={height === undefined ? undefined : { height, '& > [role="region"]': { height: '100%' } }}>
      <Suspense
        fallback={<Skeleton variant="rounded" sx={{ width: '100%', height: height ?? { xs: 280, sm: 360, md: 400 }, borderRadius: 2 }} aria-label="Caricamento della mappa" />}
      >
        <LazyStoreMap {...props} />
      </Suspense>
    </Box>
  );
}

/** Stock as a shopper reads it: available, few left, or sold out. */
export function StockChip({ quantity, size = 'small' }: { quantity: number; size?: 'small' | 'medium' }) {
  if (quantity <= 0) return <Chip size={size} label="Esaurito" variant="outlined" />;
  if (quantity <= 5) return <Chip size={size} color="warning" variant="outlined" label={quantity === 1 ? "Ultimo pezzo" : `Ultimi ${quantity} pezzi`} />;
  return <Chip size={size} color="success" variant="outlined" label="Disponibile" />;
}

/** A product photo, or a calm placeholder when the shop has not uploaded one. */
export function ProductImage({ src, alt, sx }: { src: string | null; alt: string; sx?: SxProps<Theme> }) {
  const frame: SxProps<Theme> = [
    { display: 'block', width: '100%', aspectRatio: '1 / 1', borderRadius: 2, bgcolor: (t) => alpha(t.palette.primary.main, 0.18), objectFit: 'cover' },
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

/** Category slugs as people read them; an unknown slug shows as itself, capitalised. */
export function useCategoryName(): (slug: string | null | undefined) => string {
  const { data: categories = [] } = useCategories();
  return useMemo(() => {
    const names = new Map(categories.map((c) => [c.slug, c.name]));
    return (slug) => (slug ? names.get(slug) ?? slug.charAt(0).toUpperCase() + slug.slice(1) : '');
  }, [categories]);
}

/** Spec §9: shown when a shop has no rating yet. */
const defaultRating = 4.5;

/** A shop's category and rating, "Alimentari · ★ 4,5": the dot only when there is a category before it. */
export function ShopCategoryRating({ category, rating }: { category: string | null | undefined; rating: number | null | undefined }) {
  const categoryName = useCategoryName();
  const name = categoryName(category);
  const shown = formatRating(rating ?? defaultRating);
  return (
    <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', columnGap: 0.5, flexWrap: 'wrap' }}>
      {name && `${name} ·`}
      {/* The star and its figure never part on a narrow card. */}
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' }}>
        <StarIcon sx={{ fontSize: 16, color: 'secondary.main' }} aria-hidden />
        <span aria-label={`Valutazione ${shown} su 5`}>{shown}</span>
      </Box>
    </Typography>
  );
}

/** An empty or error state: an icon, a title, one helpful sentence and what to do next. */
export function EmptyState({ icon, title, text, action }: { icon: ReactNode; title: string; text: string; action?: ReactNode }) {
  return (
    <Box sx={{ textAlign: 'center', py: { xs: 5, md: 8 }, px: 2, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5 }}>
      <Box sx={{ width: 64, height: 64, borderRadius: '50%', display: 'grid', placeItems: 'center', bgcolor: (t) => alpha(t.palette.primary.main, 0.35), '& svg': { fontSize: 32 } }}>
        {icon}
      </Box>
      <Typography variant="h3" component="h2" sx={{ fontSize: '1.25rem' }}>{title}</Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 440 }}>{text}</Typography>
      {action}
    </Box>
  );
}
