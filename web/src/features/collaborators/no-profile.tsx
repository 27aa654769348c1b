import { Alert, Button } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { ApiError } from '../../lib/client';

/**
 * Where a collaborator's list would be when the API answers 404 (no profile yet): `text` says what
 * the profile opens here, with the way to complete it; any other error is left to the caller
 * (undefined), as `QueryView`'s `failed` expects.
 */
export const unlessNoProfile = (text: string) => (error: unknown) =>
  error instanceof ApiError && error.status === 404 ? (
    <Alert
      severity="info"
      action={
        <Button component={RouterLink} to="/collaborator/register" color="inherit">
          Completa il profilo
        </Button>
      }
    >
      {text}
    </Alert>
  ) : undefined;
