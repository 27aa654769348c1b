import HomeIcon from '@mui/icons-material/Home';
import TravelExploreIcon from '@mui/icons-material/TravelExplore';
import { Box, Button, Paper, Typography } from '@mui/material';
import { Link, useLocation } from 'react-router-dom';
import { usePageTitle } from '../features/site-settings/api';

/**
 * Spec §2/§8: any unknown path. It also shows inside the public and dashboard frames (an unknown
 * info slug, an unregistered area path), so it brings no header of its own.
 */
export default function NotFoundPage() {
  const { pathname } = useLocation();

  usePageTitle('404 Page Not Found');

  return (
    <Box sx={{ minHeight: '70vh', display: 'grid', placeItems: 'center', px: 2, py: 6 }}>
      <Paper variant="outlined" sx={{ maxWidth: 560, width: '100%', p: { xs: 3, sm: 5 }, borderRadius: 4, textAlign: 'center' }}>
        <Box
          aria-hidden
          sx={(theme) => ({
            mx: 'auto',
            mb: 3,
            width: 88,
            height: 88,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            color: theme.palette.primary.contrastText,
            background: `linear-gradient(135deg, ${theme.palette.primary.main}, ${theme.palette.secondary.main})`,
          })}
        >
          <TravelExploreIcon sx={{ fontSize: 44 }} />
        </Box>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.9rem', sm: '2.4rem' }, mb: 2 }}>
          404 Page Not Found
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          La pagina{' '}
          <Box component="code" sx={{ px: 0.75, py: 0.25, borderRadius: 1, bgcolor: 'action.hover', overflowWrap: 'anywhere' }}>
            {pathname}
          </Box>{' '}
          non esiste.
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 4 }}>
          Hai dimenticato di aggiungere la pagina al router? Le rotte si registrano in{' '}
          <Box component="code" sx={{ overflowWrap: 'anywhere' }}>
            web/src/app/router.tsx
          </Box>
          .
        </Typography>
        <Button component={Link} to="/" variant="contained" size="large" startIcon={<HomeIcon />}>
          Torna alla home
        </Button>
      </Paper>
    </Box>
  );
}
