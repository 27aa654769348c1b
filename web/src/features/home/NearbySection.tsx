import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { Box, Button, Card, Container, Skeleton, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { usePosition } from '../../app/position';
import { CardGrid } from '../../components/CardGrid';
import { useMapSettings, useSiteName } from '../site-settings/api';
import { useNearbyStores } from '../search/api';
import { CategoryChips } from '../search/CategoryChips';
import { NearbyShopCard } from '../search/NearbyShopCard';
import { km } from '../../lib/text';
import { readableOnLight } from '../../app/theme';

/** The nearest shops the home page shows; the search page's «Negozi vicini» lists the rest. */
const shopsShown = 6;

/**
 * Browsing without typing (issue [17]): the categories of the shops around the position (each to
 * its products nearby), the nearest shops, and the way to all of them, open now, on the map.
 */
export default function NearbySection() {
  const siteName = useSiteName();
  const position = usePosition();
  const { defaultSearchRadius: radius } = useMapSettings();
  const shops = useNearbyStores({ lat: position.latitude, lng: position.longitude, radius, category: '', openNow: false, delivery: '', limit: shopsShown });
  const list = shops.data;
  return (
    <Container component="section" aria-labelledby="nearby-title" sx={{ pt: { xs: 6, md: 8 } }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="overline" sx={{ fontWeight: 700, letterSpacing: '0.12em', color: (t) => readableOnLight(t.palette.secondary.main) }}>
            Senza scrivere niente
          </Typography>
          <Typography id="nearby-title" variant="h2" sx={{ fontSize: { xs: '1.6rem', md: '2.2rem' }, overflowWrap: 'anywhere' }}>
            Intorno a {position.label}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button component={Link} to="/search?view=shops&openNow=true" variant="outlined" color="inherit" startIcon={<ScheduleIcon />}>
            Aperti ora
          </Button>
          <Button component={Link} to="/search?view=shops" variant="contained" endIcon={<ArrowForwardIcon />}>
            Tutti i negozi vicini
          </Button>
        </Box>
      </Box>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        Scegli una categoria per vedere i prodotti dei negozi entro {km(radius)}.
      </Typography>
      <CategoryChips position={position} radius={radius} hrefFor={(slug) => `/search?${new URLSearchParams({ category: slug })}`} label="Prodotti vicini per categoria" />
      <Box sx={{ mt: 3 }}>
        {!list ? (
          <CardGrid min={300}>
            {[0, 1, 2].map((i) => (
              <Card key={i} sx={{ p: 1.5, borderRadius: 3 }}>
                <Skeleton width="60%" height={28} />
                <Skeleton width="40%" />
                <Skeleton width="80%" />
              </Card>
            ))}
          </CardGrid>
        ) : list.length === 0 ? (
          <Typography color="text.secondary">
            Non ci sono ancora negozi su {siteName} entro {km(radius)} da {position.label}: prova un’altra posizione.
          </Typography>
        ) : (
          <CardGrid min={300}>
            {list.map((shop) => (
              <NearbyShopCard key={shop.id} shop={shop} />
            ))}
          </CardGrid>
        )}
      </Box>
    </Container>
  );
}
