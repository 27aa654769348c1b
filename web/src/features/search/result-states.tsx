import ErrorOutlinedIcon from '@mui/icons-material/ErrorOutlined';
import { Alert, Box, Button } from '@mui/material';
import { EmptyState } from '../../components/EmptyState';
import { km } from '../../lib/text';
import type { FilterChanges } from './search-filters';

/* What the lists of products and of shops nearby show besides their items: a failed load, a failed refresh, the ways out of an empty list. */

/** Nothing loaded: what failed, and a button that asks again. */
export function LoadFailed({ title, text, onRetry }: { title: string; text: string; onRetry: () => void }) {
  return (
    <EmptyState
      icon={<ErrorOutlinedIcon color="error" />}
      title={title}
      text={text}
      action={
        <Button variant="contained" onClick={onRetry}>
          Riprova
        </Button>
      }
    />
  );
}

/** The list shown is the last one loaded: its refresh failed. */
export function RefreshFailed({ children }: { children: string }) {
  return (
    <Alert severity="error" sx={{ mb: 2 }}>
      {children}
    </Alert>
  );
}

/**
 * The ways out of an empty list: the next radius (when there is one), the filters off (when some
 * are on and `onClearFilters` is given), every category (when one is chosen), another place.
 */
export function WidenSearch({
  wider,
  category,
  update,
  onClearFilters,
  onChangePlace,
}: {
  wider: number | undefined;
  category: string;
  update: (changes: FilterChanges) => void;
  onClearFilters?: () => void;
  onChangePlace: () => void;
}) {
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'center' }}>
      {wider && (
        <Button variant="contained" onClick={() => update({ radius: String(wider) })}>
          Cerca entro {km(wider)}
        </Button>
      )}
      {onClearFilters && (
        <Button variant="outlined" onClick={onClearFilters}>
          Togli i filtri
        </Button>
      )}
      {category && (
        <Button variant="outlined" onClick={() => update({ category: '' })}>
          Tutte le categorie
        </Button>
      )}
      <Button color="inherit" onClick={onChangePlace}>
        Cambia posizione
      </Button>
    </Box>
  );
}
