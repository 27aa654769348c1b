import DashboardIcon from '@mui/icons-material/SpaceDashboardOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import { Button, IconButton, Stack, Tooltip, useMediaQuery, type Theme } from '@mui/material';
import { Link, useNavigate } from 'react-router-dom';
import { dashboardPath } from '../access';
import { useAuth } from '../auth';
import { HeaderActions } from './HeaderActions';

/**
 * The public header's right side for a signed-in user: the cart and the bell, their area and the
 * way out. A chunk of its own, loaded with the user (PublicLayout).
 */
export default function SignedInHeader() {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  // On a phone the logo, the cart, the bell and two worded buttons need two rows: icons keep one.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (!user) return null;
  const onLogout = async () => {
    if (await logout()) void navigate('/');
  };
  return (
    <Stack direction="row" spacing={{ xs: 0.5, sm: 1 }} sx={{ alignItems: 'center' }}>
      <HeaderActions />
      {phone ? (
        <>
          <Tooltip title="La mia area">
            <IconButton component={Link} to={dashboardPath(user.role)} aria-label="La mia area" color="inherit">
              <DashboardIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title="Esci">
            <IconButton onClick={onLogout} aria-label="Esci" color="inherit">
              <LogoutIcon />
            </IconButton>
          </Tooltip>
        </>
      ) : (
        <>
          <Button component={Link} to={dashboardPath(user.role)} variant="contained">
            La mia area
          </Button>
          <Button color="inherit" onClick={onLogout}>
            Esci
          </Button>
        </>
      )}
    </Stack>
  );
}
