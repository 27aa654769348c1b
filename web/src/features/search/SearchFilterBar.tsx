import PlaceIcon from '@mui/icons-material/Place';
import { Box, Button, MenuItem, TextField, Typography } from '@mui/material';
import { useCategories } from '../stores/api';
import { km } from '../../lib/text';
import { sortOf, sorts, type FilterChanges, type SearchFilters } from './search-filters';

/** Where the search is from (and a way to change it), the category, the distance and the order (of products). */
export function SearchFilterBar({
  filters,
  radii,
  placeLabel,
  update,
  onChangePlace,
}: {
  filters: SearchFilters;
  radii: number[];
  placeLabel: string;
  update: (changes: FilterChanges) => void;
  onChangePlace: () => void;
}) {
  const { category, radius, view } = filters;
  // The shops nearby come nearest first: no order to choose.
  const sorted = view === 'products';
  const { data: categories = [] } = useCategories();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mt: 2 }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          pl: 1.25,
          pr: 0.5,
          py: 0.25,
          borderRadius: 99,
          border: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
          minWidth: 0,
          maxWidth: '100%',
        }}
      >
        <PlaceIcon fontSize="small" color="secondary" />
        <Typography noWrap sx={{ fontWeight: 600, fontSize: '0.9rem', minWidth: 0 }} aria-label={`Posizione: ${placeLabel}`}>
          {placeLabel}
        </Typography>
        <Button size="small" onClick={onChangePlace} sx={{ borderRadius: 99, flexShrink: 0 }}>
          Cambia
        </Button>
      </Box>
      {/* Beside the position when there is room, on a line of their own on phones. */}
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          flex: '1 1 440px',
          minWidth: 0,
          gridTemplateColumns: sorted
            ? { xs: 'minmax(0, 1fr) minmax(0, 1fr)', sm: 'minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr)' }
            : { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 2fr) minmax(0, 1fr)' },
        }}
      >
        <TextField
          select
          size="small"
          label="Categoria"
          value={categories.some((c) => c.slug === category) ? category : ''}
          onChange={(e) => update({ category: e.target.value })}
          // "Tutte le categorie" is a real choice: show it, not an empty field under the label.
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' }, bgcolor: 'background.paper' }}
        >
          <MenuItem value="">Tutte le categorie</MenuItem>
          {categories.map((c) => (
            <MenuItem key={c.slug} value={c.slug}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField select size="small" label="Distanza" value={radius} onChange={(e) => update({ radius: e.target.value })} sx={{ bgcolor: 'background.paper' }}>
          {radii.map((r) => (
            <MenuItem key={r} value={r}>
              Entro {km(r)}
            </MenuItem>
          ))}
        </TextField>
        {sorted && (
          <TextField select size="small" label="Ordina per" value={sortOf(filters)} onChange={(e) => update({ sort: e.target.value })} sx={{ bgcolor: 'background.paper' }}>
            {sorts.map((s) => (
              <MenuItem key={s.value} value={s.value}>
                {s.label}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Box>
    </Box>
  );
}
