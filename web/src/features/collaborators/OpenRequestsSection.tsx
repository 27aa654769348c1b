import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import { Typography } from '@mui/material';
import { SectionCard } from '../../components/SectionCard';
import type { StoreInArea } from './api';

/**
 * The open requests of the shops in my area (issue [12], /collaborator/stores-map). The place is
 * here; the requests come with the collaboration requests (docs/api-collaboration-requests.md:
 * GET /api/collaboration-requests as a collaborator), which will fill it for these `stores`.
 */
export function OpenRequestsSection({ stores }: { stores: StoreInArea[] }) {
  return (
    <SectionCard title="Richieste aperte" icon={<MarkEmailUnreadIcon />}>
      <Typography color="text.secondary" data-testid="open-requests">
        {stores.length
          ? 'Nessuna richiesta aperta dai negozi della tua zona per ora: quando un negozio chiede aiuto, la trovi qui.'
          : 'Quando un negozio della tua zona chiede aiuto, la richiesta compare qui.'}
      </Typography>
    </SectionCard>
  );
}
