import AnalyticsIcon from '@mui/icons-material/Analytics';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EmailIcon from '@mui/icons-material/Email';
import HomeIcon from '@mui/icons-material/Home';
import MapIcon from '@mui/icons-material/Map';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import PsychologyIcon from '@mui/icons-material/Psychology';
import SettingsIcon from '@mui/icons-material/Settings';
import StorageIcon from '@mui/icons-material/Storage';
import { Button, IconButton, Tooltip, useMediaQuery, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { AppBar, Layout, LoadingIndicator, Menu, TitlePortal } from 'react-admin';
import { Link } from 'react-router-dom';

/*
 * The admin's menu: the resources, then the pages of its own. Custom entries carry the full
 * path (react-admin adds no basename to them). Screens of later issues (packages,
 * collaborations) join once they exist, so no entry leads nowhere.
 */
function AdminMenu() {
  return (
    <Menu>
      <Menu.Item to="/dashboard/admin" primaryText="Dashboard" leftIcon={<DashboardIcon />} />
      <Menu.ResourceItems />
      <Menu.Item to="/admin/site-settings" primaryText="Impostazioni del sito" leftIcon={<SettingsIcon />} />
      <Menu.Item to="/admin/google-maps-settings" primaryText="Google Maps" leftIcon={<MapIcon />} />
      <Menu.Item to="/admin/openai-settings" primaryText="OpenAI" leftIcon={<PsychologyIcon />} />
      <Menu.Item to="/admin/mobile-api-settings" primaryText="API per le app" leftIcon={<PhoneIphoneIcon />} />
      <Menu.Item to="/admin/data-management" primaryText="Gestione dati" leftIcon={<StorageIcon />} />
      <Menu.Item to="/admin/analytics" primaryText="Analisi" leftIcon={<AnalyticsIcon />} />
      <Menu.Item to="/admin/email-management" primaryText="E-mail" leftIcon={<EmailIcon />} />
    </Menu>
  );
}

/** The way out to the public site, as every other dashboard has it; an icon where the bar is narrow. */
function BackToSite() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return phone ? (
    <Tooltip title="Torna al sito">
      <IconButton component={Link} to="/" color="inherit" aria-label="Torna al sito">
        <HomeIcon />
      </IconButton>
    </Tooltip>
  ) : (
    <Button component={Link} to="/" color="inherit" startIcon={<HomeIcon />} sx={{ whiteSpace: 'nowrap' }}>Torna al sito</Button>
  );
}

/** The page's title is its h1, as on every other page of the site; on a phone it wraps rather than being cut. */
function AdminAppBar() {
  return (
    <AppBar
      toolbar={
        <>
          <BackToSite />
          <LoadingIndicator />
        </>
      }
    >
      <TitlePortal component="h1" variant="h6" sx={{ whiteSpace: 'normal', overflowWrap: 'anywhere', lineHeight: 1.25, py: 0.5, fontSize: { xs: '1.05rem', sm: '1.25rem' } }} />
    </AppBar>
  );
}

/*
 * react-admin lets the page grow to its widest table (minWidth fit-content); here the page keeps
 * the screen's width and a wide table scrolls inside the content column instead. Cells break long
 * words (e-mail addresses) so a table fits its column and keeps its row buttons in sight, and a
 * form's text field is at least as wide as its label ("Zoom predefinito della mappa"), which MUI
 * would otherwise cut to the width of the number it holds.
 */
const contentShrinks = {
  minWidth: 0,
  '& .RaLayout-content': { minWidth: 0, overflowX: 'auto' },
  '& .RaDatagrid-rowCell': { overflowWrap: 'anywhere' },
  '& .RaDatagrid-rowCell .MuiButton-root': { whiteSpace: 'nowrap' },
  '& :is(.RaEdit-main, .RaCreate-main) .MuiTextField-root:not(.MuiFormControl-fullWidth)': { minWidth: 'min(100%, 22rem)' },
};

export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <Layout menu={AdminMenu} appBar={AdminAppBar} sx={contentShrinks}>
      {children}
    </Layout>
  );
}
