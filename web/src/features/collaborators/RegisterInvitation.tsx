import { Button, Card, CardContent, Typography } from '@mui/material';
import { Link } from 'react-router-dom';

/**
 * What a collaborator without a profile (404: not registered) reads where their area would be:
 * the dashboard, the coverage area, the shops' map. `what` says what the profile will open here.
 */
export function RegisterInvitation({
  what = 'Per ricevere incarichi dai negozi della tua zona serve il profilo da collaboratore: area di copertura, disponibilità e servizi che offri.',
}: {
  what?: string;
}) {
  return (
    <Card>
      <CardContent>
        <Typography variant="h4" component="h2" sx={{ mb: 1 }}>
          Completa la tua registrazione
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {what}
        </Typography>
        <Button component={Link} to="/collaborator/register" variant="contained">
          Completa il profilo
        </Button>
      </CardContent>
    </Card>
  );
}
