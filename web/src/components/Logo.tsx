import PlaceIcon from '@mui/icons-material/Place';
import { Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { ResponseOf } from '@platform/http/contract';
import type { settingsApi } from '@contracts/settings';
import { useSiteName } from '../features/site-settings/api';

/** The site logo from the site settings, or the site's name as text when there is none (spec §2). */
export function Logo({ to = '/' }: { to?: string }) {
  const { data } = useQuery<ResponseOf<typeof settingsApi.logoUrl> | null>({ queryKey: ['/api/site-settings/logo-url'] });
  const siteName = useSiteName();
  return (
    <Box
      component={Link}
      to={to}
      aria-label={`${siteName}, torna alla home`}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, color: 'inherit', textDecoration: 'none', minWidth: 0 }}
    >
      {data?.logoUrl ? (
        <Box component="img" src={data.logoUrl} alt={siteName} sx={{ height: 36, maxWidth: 160, objectFit: 'contain' }} />
      ) : (
        <>
          <Box sx={{ width: 34, height: 34, borderRadius: 2, bgcolor: 'primary.main', display: 'grid', placeItems: 'center' }}>
            <PlaceIcon sx={{ color: 'primary.contrastText' }} fontSize="small" />
          </Box>
          <Typography component="span" noWrap sx={{ fontWeight: 800, fontSize: '1.3rem', letterSpacing: '-0.02em', maxWidth: { xs: 180, sm: 320 } }}>
            {siteName}
          </Typography>
        </>
      )}
    </Box>
  );
}
