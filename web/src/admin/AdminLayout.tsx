import DashboardIcon from '@mui/icons-material/Dashboard';
import HomeIcon from '@mui/icons-material/Home';
import { Button, IconButton, Tooltip, useMediaQuery, type Theme } from '@mui/material';
import { createContext, useContext, type ReactNode } from 'react';
import { AppBar, Layout, LoadingIndicator, Menu, TitlePortal, UserMenu, useGetIdentity } from 'react-admin';
import { Link } from 'react-router-dom';
import type { AdminMenuEntry } from './assemble';

/** The entries of the features' own screens in the admin's menu (assemble.ts), provided by AdminApp. */
export const AdminMenuContext = createContext<AdminMenuEntry[]>([]);

/*
 * The admin's menu: the way back to the admin's dashboard, the resources, then the features' own
 * screens that have an entry. Custom entries carry the full path (react-admin adds no basename to them).
 */
function AdminMenu() {
  const entries = useContext(AdminMenuContext);
  return (
    <Menu>
      <Menu.Item to="/dashboard/admin" primaryText="Dashboard" leftIcon={<DashboardIcon />} />
      <Menu.ResourceItems />
      {entries.map(({ to, label, icon }) => (
        <Menu.Item key={to} to={to} primaryText={label} leftIcon={icon} />
      ))}
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
    <Button component={Link} to="/" color="inherit" startIcon={<HomeIcon />} sx={{ whiteSpace: 'nowrap' }}>
      Torna al sito
    </Button>
  );
}

/** The admin's menu (logout), named with the name it shows: a name that says what is written on it (WCAG 2.5.3). */
function AdminUserMenu() {
  const { identity } = useGetIdentity();
  return <UserMenu label={identity?.fullName ? `Profilo di ${identity.fullName}` : 'Profilo'} />;
}

/** The page's title is its h1, as on every other page of the site; on a phone it wraps rather than being cut. */
function AdminAppBar() {
  return (
    <AppBar
      userMenu={<AdminUserMenu />}
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
