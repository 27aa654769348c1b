import { Box, Chip } from '@mui/material';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { CustomerPosition } from '../../app/position';
import { useCategories } from '../stores/api';
import { useNearbyStores } from './api';

/** Enough for a whole city's shops: the categories offered are those of the shops within the radius. */
const shopsRead = 200;

/**
 * The categories of the shops around the position, to browse without typing (issue [17]), once
 * they are known; all of them when no shop is near. `hrefFor`: where a category's chip leads.
 */
export function CategoryChips({
  position,
  radius,
  selected = '',
  hrefFor,
  label = 'Sfoglia per categoria',
}: {
  position: CustomerPosition;
  radius: number;
  selected?: string;
  hrefFor: (slug: string) => string;
  label?: string;
}) {
  const { data: categories = [] } = useCategories();
  const { data: shops } = useNearbyStores({ lat: position.latitude, lng: position.longitude, radius, category: '', openNow: false, delivery: '', limit: shopsRead });
  const shown = useMemo(() => {
    if (!shops) return [];
    const near = new Set((shops ?? []).map((shop) => shop.category));
    const nearby = categories.filter((c) => near.has(c.slug) || c.slug === selected);
    return nearby.length ? nearby : categories;
  }, [categories, shops, selected]);
  if (!shown.length) return null;
  return (
    <Box
      component="nav"
      aria-label={label}
      sx={{
        display: 'flex',
        gap: 1,
        flexWrap: { xs: 'nowrap', md: 'wrap' },
        overflowX: { xs: 'auto', md: 'visible' },
        py: 0.5,
        mx: { xs: -2, sm: 0 },
        px: { xs: 2, sm: 0 },
        scrollbarWidth: 'thin',
      }}
    >
      {shown.map((c) => {
        const current = c.slug === selected;
        return (
          <Chip
            key={c.slug}
            component={Link}
            to={hrefFor(c.slug)}
            clickable
            color={current ? 'secondary' : 'default'}
            variant={current ? 'filled' : 'outlined'}
            aria-current={current ? 'page' : undefined}
            label={c.name}
            sx={{ flexShrink: 0, bgcolor: current ? undefined : 'background.paper', fontWeight: 600 }}
          />
        );
      })}
    </Box>
  );
}
