import { Box, Button, Container, Link as MuiLink, Stack, Toolbar, Typography } from '@mui/material';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useSiteName, useSiteSettings } from '../../features/site-settings/api';
import { Logo } from '../../components/Logo';
import { infoPages } from '../../features/info/content';
import { useAuth } from '../auth';

const SignedInHeader = lazy(() => import('./SignedInHeader'));

/** How a social network the admin named is written out (spec §3 socialLinks: {name: url}). */
const socialNames: Record<string, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  x: 'X',
  twitter: 'X (Twitter)',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  linkedin: 'LinkedIn',
  whatsapp: 'WhatsApp',
  telegram: 'Telegram',
  pinterest: 'Pinterest',
  threads: 'Threads',
};
const socialName = (name: string): string => socialNames[name] ?? name.charAt(0).toUpperCase() + name.slice(1);

/** The site settings' footer: the admin's text, the contact address and the social links. */
function SiteFooterLines() {
  const { data } = useSiteSettings();
  const siteName = useSiteName();
  const links = Object.entries(data?.socialLinks ?? {}).filter(([, url]) => /^https?:\/\//i.test(url));
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 3 }} sx={{ mt: 3, flexWrap: 'wrap', alignItems: { sm: 'center' } }}>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {data?.footerText || `© ${new Date().getFullYear()} ${siteName} — il marketplace dei negozi di quartiere`}
      </Typography>
      {data?.contactEmail && (
        <MuiLink href={`mailto:${data.contactEmail}`} variant="body2" color="text.secondary" underline="hover" sx={{ overflowWrap: 'anywhere' }}>
          Scrivici: {data.contactEmail}
        </MuiLink>
      )}
      {links.length > 0 && (
        <Stack component="nav" aria-label="Social" direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
          {links.map(([name, url]) => (
            <MuiLink key={name} href={url} target="_blank" rel="noopener noreferrer" variant="body2" color="text.secondary" underline="hover">
              {socialName(name)}
            </MuiLink>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** Header with logo and login/logout, footer with the info pages: the frame of the public site. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
        <Container>
          <Toolbar disableGutters sx={{ gap: 1, flexWrap: 'wrap' }}>
            <Logo />
            <Box sx={{ flex: 1 }} />
            {user ? (
              // The signed-in header (cart, bell, their tooltips and counts) loads with the user:
              // a first visit, signed out, does not fetch it (issue [23], bench:web).
              <Suspense fallback={null}>
                <SignedInHeader />
              </Suspense>
            ) : (
              <Stack direction="row" spacing={1}>
                <Button component={Link} to="/auth" color="inherit">
                  Accedi
                </Button>
                <Button component={Link} to="/auth?tab=register" variant="contained">
                  Registrati
                </Button>
              </Stack>
            )}
          </Toolbar>
        </Container>
      </Box>
      <Box component="main" sx={{ flex: 1 }}>
        {children}
      </Box>
      <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', py: 4, mt: 6 }}>
        <Container>
          <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' } }}>
            {infoPages.map((page) => (
              <MuiLink key={page.slug} component={Link} to={`/info/${page.slug}`} color="text.secondary" underline="hover">
                {page.title}
              </MuiLink>
            ))}
            <MuiLink component={Link} to="/contatti" color="text.secondary" underline="hover">
              Contattaci
            </MuiLink>
            <MuiLink component={Link} to="/accessibilita" color="text.secondary" underline="hover">
              Accessibilità
            </MuiLink>
            <MuiLink component={Link} to="/privacy" color="text.secondary" underline="hover">
              Privacy e cookie
            </MuiLink>
            <MuiLink component={Link} to="/termini" color="text.secondary" underline="hover">
              Termini e condizioni
            </MuiLink>
          </Box>
          <SiteFooterLines />
        </Container>
      </Box>
    </Box>
  );
}
