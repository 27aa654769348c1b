import ScheduleIcon from '@mui/icons-material/Schedule';
import { Alert, Box, Button, Card, CardContent, List, ListItem, ListItemText, Typography } from '@mui/material';
import { Link, useLocation } from 'react-router-dom';
import { useAuth } from '../../app/auth';
import { dashboardPath } from '../../app/access';
import { DashboardHeader } from '../../components/DashboardHeader';
import { upcomingPages } from './upcoming';

/** A menu page of later work ("in arrivo"): what it will do and with what it arrives. */
export default function ComingSoonPage() {
  const { pathname } = useLocation();
  const { user } = useAuth();
  const page = upcomingPages[pathname.replace(/\/+$/, '')];
  if (!page) return null;
  return (
    <>
      <DashboardHeader title={page.title} subtitle="In arrivo" />
      <Card variant="outlined" sx={{ maxWidth: 720 }}>
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <Alert severity="info" icon={<ScheduleIcon />}>{page.when}</Alert>
          <Box>
            <Typography variant="h6" component="h2">Cosa potrai fare qui</Typography>
            <List dense>
              {page.what.map((line) => (
                <ListItem key={line} disableGutters>
                  <ListItemText primary={line} />
                </ListItem>
              ))}
            </List>
          </Box>
          {user && (
            <Button component={Link} to={dashboardPath(user.role)} variant="outlined" sx={{ justifySelf: 'start' }}>
              Torna alla dashboard
            </Button>
          )}
        </CardContent>
      </Card>
    </>
  );
}
