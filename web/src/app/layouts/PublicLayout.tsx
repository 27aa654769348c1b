import { Box, Button, Container, Link as MuiLink, Stack, Toolbar, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Logo } from '../../components/Logo';
import { infoPages } from '../../pages/info/content';
import { useAuth } from '../auth';
import { dashboardPath } from '../access';
import { HeaderActions } from './HeaderActions';

/** Header with logo and login/logout, footer with the info pages: the frame of the public site. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
        <Container>
          <Toolbar disableGutters sx={{ gap: 1, flexWrap: 'wrap' }}>
            <Logo />
            <Box sx={{ flex: 1 }} />
            {user ? (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <HeaderActions />
                <Button component={Link} to={dashboardPath(user.role)} variant="contained">La mia area</Button>
                <Button
                  color="inherit"
                  onClick={async () => {
                    if (await logout()) navigate('/');
                  }}
                >
                  Esci
                </Button>
              </Stack>
            ) : (
              <Stack direction="row" spacing={1}>
                <Button component={Link} to="/auth" color="inherit">Accedi</Button>
                <Button component={Link} to="/auth?tab=register" variant="contained">Registrati</Button>
              </Stack>
            )}
          </Toolbar>
        </Container>
      </Box>
      <Box component="main" sx={{ flex: 1 }}>{children}</Box>
      <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', py: 4, mt: 6 }}>
        <Container>
          <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' } }}>
            {infoPages.map((page) => (
              <MuiLink key={page.slug} component={Link} to={`/info/${page.slug}`} color="text.secondary" underline="hover">
                {page.title}
              </MuiLink>
            ))}
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
            © {new Date().getFullYear()} Vicino — il marketplace dei negozi di quartiere
          </Typography>
        </Container>
      </Box>
    </Box>
  );
}
