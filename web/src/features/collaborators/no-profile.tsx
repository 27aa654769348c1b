import { LinkAlert } from '../../components/LinkAlert';
import { ApiError } from '../../lib/client';

/**
 * Where a collaborator's list would be when the API answers 404 (no profile yet): `text` says what
 * the profile opens here, with the way to complete it; any other error is left to the caller
 * (undefined), as `QueryView`'s `failed` expects.
 */
export const unlessNoProfile = (text: string) => (error: unknown) =>
  error instanceof ApiError && error.status === 404 ? (
    <LinkAlert severity="info" to="/collaborator/register" label="Completa il profilo">
      {text}
    </LinkAlert>
  ) : undefined;
