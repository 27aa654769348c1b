import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Box, Button, Typography } from '@mui/material';
import type { PagedList } from '../lib/lists';

/**
 * Under a paged list: how many of how many are shown, and the next page on a tap. Nothing when
 * the whole list is shown.
 */
export function LoadMore({ list, label, noun }: { list: PagedList<unknown>; label: string; noun: string }) {
  if (!list.hasMore) return null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, py: 2 }}>
      <Typography variant="body2" color="text.secondary" role="status">
        {list.items.length} di {list.total} {noun}
      </Typography>
      <Button variant="outlined" onClick={list.loadMore} disabled={list.isLoadingMore} startIcon={<ExpandMoreIcon />}>
        {list.isLoadingMore ? 'Caricamento...' : label}
      </Button>
    </Box>
  );
}
