import { Alert, Box, Card, CardContent, Chip, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import type { ResponseOf } from '@platform/http/contract';
import type { collaboratorsApi } from '@contracts/collaborators';
import { collaboratorServices } from '@pure/collaborators/services';
import { DashboardHeader } from '../../components/DashboardHeader';
import { apiGetOrNull, errorText } from '../../lib/client';
import { PublicReviewsSection, Stars } from './ReviewParts';

type Card = ResponseOf<typeof collaboratorsApi.ofUser>;

/**
 * /collaborators/:id — a collaborator as a shop sees them: name, rating, services, availability,
 * presentation (never where they live), and the shops' published reviews.
 */
export default function CollaboratorPublicPage() {
  const { id } = useParams();
  const url = `/api/collaborators/user/${id ?? ''}`;
  const card = useQuery({ queryKey: [url], enabled: Boolean(id), queryFn: () => apiGetOrNull<Card>(url, [404, 403, 400]) });
  return (
    <>
      <DashboardHeader title={card.data?.name ?? 'Collaboratore'} subtitle="Il profilo pubblico del collaboratore e le recensioni dei negozi con cui ha lavorato." />
      {card.isPending ? (
        <Skeleton variant="rounded" height={140} />
      ) : card.isError ? (
        <Alert severity="error">{errorText(card.error, 'Impossibile caricare il profilo.')}</Alert>
      ) : !card.data ? (
        <Alert severity="info" sx={{ mb: 3 }}>
          Il profilo di questo collaboratore non è disponibile.
        </Alert>
      ) : (
        <Card sx={{ mb: 3 }}>
          <CardContent sx={{ display: 'grid', gap: 1 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
              <Typography variant="h6" component="p" sx={{ overflowWrap: 'anywhere' }}>
                {card.data.name}
              </Typography>
              <Stars value={card.data.rating} size="medium" />
            </Box>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              {card.data.services.map((s) => (
                <Chip key={s} size="small" label={collaboratorServices[s]} />
              ))}
            </Box>
            <Typography variant="body2" color="text.secondary">
              Raggio di lavoro: {'radiusKm' in card.data ? card.data.radiusKm : card.data.coverageArea.radiusKm} km{card.data.availability ? ` · ${card.data.availability}` : ''}
            </Typography>
            {card.data.bio && <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{card.data.bio}</Typography>}
          </CardContent>
        </Card>
      )}
      <PublicReviewsSection about="collaborators" id={id} title="Recensioni dei negozi" />
    </>
  );
}
