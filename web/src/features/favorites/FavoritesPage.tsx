import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import FavoriteIcon from '@mui/icons-material/Favorite';
import PlaceIcon from '@mui/icons-material/Place';
import SearchIcon from '@mui/icons-material/Search';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { Avatar, Box, Button, Card, CardContent, IconButton, Link as MuiLink, Skeleton, Tooltip, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { errorText } from '../../lib/client';
import { useFavorites, useToggleFavorite, type FavoriteShop } from './api';
import { toast } from '../../components/toast/toast-store';
import { DashboardHeader } from '../../components/DashboardHeader';
import { EmptyState } from '../../components/EmptyState';
import { ShopCategoryRating } from '../stores/store-parts';

/** /customer/favorites — the shops the customer keeps at hand (spec §2). */
export default function FavoritesPage() {
  const { data: favorites = [], isPending } = useFavorites();
  return (
    <>
      <DashboardHeader
        title="Negozi preferiti"
        subtitle="I negozi che hai salvato, per ritrovarli in un tocco."
        aside={
          favorites.length > 0 && (
            <Button component={Link} to="/search" variant="outlined" startIcon={<SearchIcon />}>
              Scopri altri negozi
            </Button>
          )
        }
      />
      {isPending ? (
        <Grid>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={168} sx={{ borderRadius: 3 }} />
          ))}
        </Grid>
      ) : favorites.length === 0 ? (
        <EmptyState
          icon={<FavoriteIcon />}
          title="Ancora nessun negozio preferito"
          text="Cerca un prodotto, apri la pagina di un negozio che ti piace e tocca «Salva nei preferiti»: lo ritroverai qui."
          go={{ to: '/search', label: 'Cerca nei negozi vicini', icon: <SearchIcon /> }}
        />
      ) : (
        <Grid>
          {favorites.map((shop) => (
            <FavoriteCard key={shop.id} shop={shop} />
          ))}
        </Grid>
      )}
    </>
  );
}

function Grid({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 280px), 1fr))' }}>{children}</Box>;
}

function FavoriteCard({ shop }: { shop: FavoriteShop }) {
  const toggle = useToggleFavorite();
  const remove = () =>
    toggle.mutate(
      { storeId: shop.id, favorite: false },
      {
        onSuccess: () => toast({ title: 'Rimosso dai preferiti', description: shop.name, variant: 'success' }),
        onError: (error) => toast({ title: 'Preferiti non aggiornati', description: errorText(error, 'Riprova tra poco.'), variant: 'destructive' }),
      },
    );
  return (
    <Card sx={{ borderRadius: 3, display: 'flex', flexDirection: 'column', opacity: toggle.isPending ? 0.5 : 1, transition: 'opacity 150ms' }}>
      <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
          <Avatar src={shop.logoUrl ?? undefined} alt={`Logo di ${shop.name}`} variant="rounded" sx={{ width: 56, height: 56, borderRadius: 2, bgcolor: 'primary.main' }}>
            <StorefrontIcon sx={{ color: 'primary.contrastText' }} />
          </Avatar>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <MuiLink
              component={Link}
              to={`/stores/${shop.slug}`}
              underline="hover"
              sx={{ display: 'block', fontWeight: 700, fontSize: '1.1rem', color: 'text.primary', overflowWrap: 'anywhere' }}
            >
              {shop.name}
            </MuiLink>
            <ShopCategoryRating category={shop.category} rating={shop.rating} />
          </Box>
          <Tooltip title="Rimuovi dai preferiti">
            <span>
              <IconButton onClick={remove} disabled={toggle.isPending} aria-label={`Rimuovi ${shop.name} dai preferiti`} sx={{ color: 'secondary.main', mt: -0.5, mr: -0.5 }}>
                <FavoriteIcon />
              </IconButton>
            </span>
          </Tooltip>
        </Box>
        {shop.address && (
          <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', gap: 0.5, alignItems: 'flex-start' }}>
            <PlaceIcon sx={{ fontSize: 18, flexShrink: 0 }} />
            <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
              {shop.address}
            </Box>
          </Typography>
        )}
        <Box sx={{ mt: 'auto' }}>
          <Button component={Link} to={`/stores/${shop.slug}`} endIcon={<ArrowForwardIcon />} sx={{ ml: -1 }}>
            Vedi il negozio
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
