import StarIcon from '@mui/icons-material/Star';
import { Box, Skeleton, Typography } from '@mui/material';
import { lazy, Suspense, useMemo, type ComponentProps } from 'react';
import { useCategories } from './api';
import { formatRating } from '../../lib/text';

/* A shop as the customer pages show it (search, store, product, favourites): its map, its category and rating. */

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
        fallback={
          <Skeleton variant="rounded" sx={{ width: '100%', height: height ?? { xs: 280, sm: 360, md: 400 }, borderRadius: 2 }} role="status" aria-label="Caricamento della mappa" />
        }
      >
        <LazyStoreMap {...props} />
      </Suspense>
    </Box>
  );
}

/** Category slugs as people read them; an unknown slug shows as itself, capitalised. */
export function useCategoryName(): (slug: string | null | undefined) => string {
  const { data: categories = [] } = useCategories();
  return useMemo(() => {
    const names = new Map(categories.map((c) => [c.slug, c.name]));
    return (slug) => (slug ? (names.get(slug) ?? slug.charAt(0).toUpperCase() + slug.slice(1)) : '');
  }, [categories]);
}

/** Spec §9: shown when a shop has no rating yet. */
export const defaultRating = 4.5;

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
        <span role="img" aria-label={`Valutazione ${shown} su 5`}>
          {shown}
        </span>
      </Box>
    </Typography>
  );
}
