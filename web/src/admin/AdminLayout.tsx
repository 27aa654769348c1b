import AnalyticsIcon from '@mui/icons-material/Analytics';
import DashboardIcon from '@mui/icons-material/Dashboard';
import MapIcon from '@mui/icons-material/Map';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import PsychologyIcon from '@mui/icons-material/Psychology';
import SettingsIcon from '@mui/icons-material/Settings';
import StorageIcon from '@mui/icons-material/Storage';
import type { ReactNode } from 'react';
import { AppBar, Layout, Menu, TitlePortal } from 'react-admin';

/*
 * The admin's menu: the resources, then the pages of its own. Custom entries carry the full
 * path (react-admin adds no basename to them). Screens of later issues (packages,
 * collaborations, e-mail) join once they exist, so no entry leads nowhere.
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
    </Menu>
  );
}

/** The page's title is its h1, as on every other page of the site. */
function AdminAppBar() {
  return (
    <AppBar>
      <TitlePortal component="h1" variant="h6" />
    </AppBar>
  );
}

/*
 * react-admin lets the page grow to its widest table (minWidth fit-content); here the page keeps
 * the screen's width and a wide table scrolls inside the content column instead.
 */
const contentShrinks = { minWidth: 0, '& .RaLayout-content': { minWidth: 0, overflowX: 'auto' } };

export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <Layout menu={AdminMenu} appBar={AdminAppBar} sx={contentShrinks}>
      {children}
    </Layout>
  );
}
