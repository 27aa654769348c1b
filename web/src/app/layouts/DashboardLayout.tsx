import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import {
  AppBar,
  Avatar,
  Box,
  Button,
  Divider,
  Drawer,
  IconButton,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Toolbar,
  Tooltip,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { roleLabels } from '../../lib/types';
import { Logo } from '../../components/Logo';
import { useAuth } from '../auth';
import { menus } from '../menus';
import { HeaderActions } from './HeaderActions';

const wide = 260;
const narrow = 72;

/**
 * The dashboards' frame (spec §2): a collapsible sidebar with the role's menu, the user's initial
 * and role label; a drawer at 768 px or less; a header with a link back to the site and logout.
 */
export function DashboardLayout({ children }: { children: ReactNode }) {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const mobile = useMediaQuery('(max-width:768px)');
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  if (!user) return null;
  const compact = collapsed && !mobile;
  const width = compact ? narrow : wide;

  const sidebar = (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }} aria-label="Menu laterale">
      <Toolbar sx={{ justifyContent: compact ? 'center' : 'space-between', px: 2 }}>
        {!compact && <Logo />}
        {!mobile && (
          <Tooltip title={compact ? 'Espandi il menu' : 'Comprimi il menu'}>
            <IconButton onClick={() => setCollapsed(!compact)} aria-label={compact ? 'Espandi il menu' : 'Comprimi il menu'}>
              {compact ? <MenuIcon /> : <ChevronLeftIcon />}
            </IconButton>
          </Tooltip>
        )}
      </Toolbar>
      <Divider />
      <List component="nav" sx={{ flex: 1, px: 1 }}>
        {menus[user.role].map((entry) => (
          <ListItemButton
            key={entry.to}
            component={NavLink}
            to={entry.to}
            end
            onClick={() => setDrawerOpen(false)}
            sx={{ borderRadius: 2, mb: 0.5, '&.active': { bgcolor: 'primary.main', color: 'primary.contrastText', '& .MuiListItemIcon-root': { color: 'inherit' } } }}
          >
            <ListItemIcon sx={{ minWidth: compact ? 0 : 40 }}>
              <entry.icon />
            </ListItemIcon>
            {!compact && <ListItemText primary={entry.label} />}
          </ListItemButton>
        ))}
      </List>
      <Divider />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 2, justifyContent: compact ? 'center' : 'flex-start' }}>
        <Avatar sx={{ bgcolor: 'secondary.main', color: 'secondary.contrastText', fontWeight: 700 }} aria-hidden>
          {user.name.trim().charAt(0).toUpperCase()}
        </Avatar>
        {!compact && (
          <Box sx={{ minWidth: 0 }}>
            <Typography noWrap sx={{ fontWeight: 600 }}>
              {user.name}
            </Typography>
            <Typography variant="body2" color="text.secondary" data-testid="role-label">
              {roleLabels[user.role]}
            </Typography>
          </Box>
        )}
      </Box>
    </Box>
  );

  const onLogout = async () => {
    // Leave the protected area first, or its guard would send the logged-out page to /auth. A failed
    // logout leaves the user logged in on the home page, told by the provider's "Logout failed" toast.
    void navigate('/');
    await logout();
  };

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      {mobile ? (
        <Drawer open={drawerOpen} onClose={() => setDrawerOpen(false)} slotProps={{ paper: { sx: { width: wide } } }} data-testid="sidebar-drawer">
          {sidebar}
        </Drawer>
      ) : (
        <Drawer variant="permanent" sx={{ width, flexShrink: 0, '& .MuiDrawer-paper': { width, overflowX: 'hidden', transition: 'width 150ms' } }} data-testid="sidebar">
          {sidebar}
        </Drawer>
      )}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
          <Toolbar sx={{ gap: 1 }}>
            {mobile && (
              <IconButton edge="start" onClick={() => setDrawerOpen(true)} aria-label="Apri il menu">
                <MenuIcon />
              </IconButton>
            )}
            <Box sx={{ flex: 1 }} />
            <HeaderActions />
            <Button component={Link} to="/" color="inherit">
              Torna al sito
            </Button>
            <Button onClick={onLogout} startIcon={<LogoutIcon />} color="inherit">
              Esci
            </Button>
          </Toolbar>
        </AppBar>
        <Box component="main" sx={{ p: { xs: 2, sm: 3 }, flex: 1, minWidth: 0 }}>
          {children}
        </Box>
      </Box>
    </Box>
  );
}
