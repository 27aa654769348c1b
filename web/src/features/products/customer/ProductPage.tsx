import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import DirectionsIcon from '@mui/icons-material/Directions';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import PlaceIcon from '@mui/icons-material/Place';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { Avatar, Box, Breadcrumbs, Button, ButtonBase, Card, CardContent, Chip, Container, Link as MuiLink, Skeleton, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ApiError, errorText } from '../../../lib/client';
import { useProductDetail, type ProductDetail } from '../api';
import { usePageTitle } from '../../site-settings/api';
import { formatMoney } from '../../../lib/money';
import { ReserveButton } from '../../reservations/customer/ReserveButton';
import { AddToCart } from '../../cart/AddToCart';
import { EmptyState } from '../../../components/EmptyState';
import { LowestPriceNote, ProductImage, StockChip } from '../product-parts';
import { ShopMap, useCategoryName } from '../../stores/store-parts';
import { CheapestNearby } from '../../price-comparison/CheapestNearby';

/** /products/:id — one product of one shop: photos, price, availability and where to get it. */
export default function ProductPage() {
  const { id } = useParams();
  const { data: product, error, isPending } = useProductDetail(id);
  const categoryName = useCategoryName();

  usePageTitle(product ? `${product.name} — ${product.store.name}` : error ? 'Prodotto non trovato' : 'Prodotto');

  if (error) {
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <Container sx={{ py: 4 }}>
        <EmptyState
          icon={missing ? <Inventory2Icon /> : <SearchOffIcon />}
          title={missing ? 'Prodotto non trovato' : 'Non riusciamo a mostrare il prodotto'}
          text={missing ? 'Il prodotto non esiste più o il negozio lo ha tolto dal catalogo.' : errorText(error, 'Riprova tra poco.')}
          go={{ to: '/search', label: 'Cerca altri prodotti' }}
        />
      </Container>
    );
  }
  if (isPending) return <ProductSkeleton />;

  return (
    <Container sx={{ py: { xs: 2, md: 4 } }}>
      {/* On a narrow screen the trail wraps between its steps (a long name within itself): nothing shrinks under a «/». */}
      <Breadcrumbs
        aria-label="Percorso"
        sx={{ mb: 2, '& ol': { rowGap: 0.5 }, '& li': { minWidth: 0, overflowWrap: 'break-word' }, '& .MuiBreadcrumbs-separator': { flexShrink: 0 } }}
      >
        <MuiLink component={Link} to="/search" underline="hover" color="text.secondary">
          Cerca
        </MuiLink>
        <MuiLink component={Link} to={`/stores/${product.store.slug}`} underline="hover" color="text.secondary">
          {product.store.name}
        </MuiLink>
        <Typography color="text.primary">{product.name}</Typography>
      </Breadcrumbs>

      <Box sx={{ display: 'grid', gap: { xs: 3, md: 5 }, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' }, alignItems: 'start' }}>
        <Gallery key={product.id} product={product} />
        <Box sx={{ minWidth: 0 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1.5 }}>
            {product.category && <Chip size="small" label={categoryName(product.category)} sx={{ bgcolor: (t) => alpha(t.palette.primary.main, 0.35), fontWeight: 600 }} />}
            {product.onSale && <Chip size="small" color="secondary" label="In offerta" />}
          </Box>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.7rem', md: '2.2rem' }, overflowWrap: 'anywhere', mb: 1.5 }}>
            {product.name}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 2.5 }}>
            <Typography sx={{ fontWeight: 800, fontSize: { xs: '1.8rem', md: '2.1rem' }, letterSpacing: '-0.01em' }}>{formatMoney(product.price)}</Typography>
            <StockChip quantity={product.stockQuantity} size="medium" />
          </Box>
          <Box sx={{ mt: -1.5, mb: 2.5 }}>
            <LowestPriceNote product={product} />
          </Box>
          <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap', mb: 2.5 }}>
            <AddToCart product={product} />
            <ReserveButton product={product} size="large" />
          </Box>
          {product.description && <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', mb: 2.5, fontSize: '1.05rem' }}>{product.description}</Typography>}
          {product.pdfUrl && (
            <Button
              variant="outlined"
              color="inherit"
              startIcon={<PictureAsPdfIcon />}
              href={product.pdfUrl}
              target="_blank"
              rel="noopener noreferrer"
              sx={{ borderColor: 'divider', mb: 2.5 }}
            >
              Scheda del prodotto (PDF)
            </Button>
          )}
          <CheapestNearby productId={product.id} linked={product.globalProductId !== null} />
          <StoreBox store={product.store} />
        </Box>
      </Box>
    </Container>
  );
}

/** The photos the shop uploaded, starting from the one it chose as main. */
function Gallery({ product }: { product: ProductDetail }) {
  const photos = product.images.length ? product.images : product.imageUrl ? [product.imageUrl] : [];
  const [chosen, setChosen] = useState(Math.min(Math.max(product.defaultImageIndex, 0), Math.max(photos.length - 1, 0)));
  const main = photos[chosen] ?? null;
  return (
    <Box sx={{ minWidth: 0 }}>
      <ProductImage
        src={main}
        alt={product.name}
        // A photo is shown whole on white; without one, a lower tinted frame wastes less of the page.
        sx={main ? { borderRadius: 4, border: 1, borderColor: 'divider', objectFit: 'contain', bgcolor: 'background.paper' } : { borderRadius: 4, aspectRatio: '4 / 3' }}
      />
      {photos.length > 1 && (
        <Box role="group" aria-label="Altre foto" sx={{ display: 'flex', gap: 1, mt: 1.5, overflowX: 'auto', pb: 0.5 }}>
          {photos.map((src, i) => (
            <ButtonBase
              key={src}
              onClick={() => setChosen(i)}
              aria-label={`Foto ${i + 1} di ${photos.length}`}
              aria-pressed={i === chosen}
              sx={{ flex: '0 0 72px', height: 72, borderRadius: 2, overflow: 'hidden', border: 2, borderColor: i === chosen ? 'secondary.main' : 'divider' }}
            >
              <Box component="img" src={src} alt="" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
            </ButtonBase>
          ))}
        </Box>
      )}
    </Box>
  );
}

function StoreBox({ store }: { store: ProductDetail['store'] }) {
  return (
    <Card sx={{ borderRadius: 3 }}>
      <CardContent>
        <Typography variant="overline" color="text.secondary" sx={{ fontWeight: 700, letterSpacing: '0.1em' }}>
          Disponibile presso
        </Typography>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', mt: 0.5, mb: 1.5 }}>
          <Avatar variant="rounded" sx={{ bgcolor: 'primary.main', width: 48, height: 48 }}>
            <StorefrontIcon sx={{ color: 'primary.contrastText' }} />
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <MuiLink component={Link} to={`/stores/${store.slug}`} underline="hover" sx={{ fontWeight: 700, fontSize: '1.1rem', color: 'text.primary', overflowWrap: 'anywhere' }}>
              {store.name}
            </MuiLink>
            <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', gap: 0.5, alignItems: 'flex-start' }}>
              <PlaceIcon sx={{ fontSize: 16, mt: '2px', flexShrink: 0 }} />
              <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
                {store.address}
              </Box>
            </Typography>
          </Box>
        </Box>
        <ShopMap markers={[{ id: store.id, latitude: store.latitude, longitude: store.longitude, label: store.name, href: `/stores/${store.slug}` }]} />
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1.5 }}>
          <Button component={Link} to={`/stores/${store.slug}`} variant="contained" endIcon={<ArrowForwardIcon />}>
            Vai al negozio
          </Button>
          <Button
            color="inherit"
            startIcon={<DirectionsIcon />}
            href={`https://www.google.com/maps/dir/?api=1&destination=${store.latitude},${store.longitude}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            Indicazioni
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

function ProductSkeleton() {
  return (
    <Container sx={{ py: { xs: 2, md: 4 } }} role="status" aria-label="Caricamento del prodotto">
      <Skeleton width={240} sx={{ mb: 2 }} />
      <Box sx={{ display: 'grid', gap: { xs: 3, md: 5 }, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '1fr 1fr' } }}>
        <Skeleton variant="rounded" sx={{ width: '100%', height: 'auto', aspectRatio: '1 / 1', borderRadius: 4 }} />
        <Box>
          <Skeleton width="30%" />
          <Skeleton width="80%" height={56} />
          <Skeleton width="40%" height={48} />
          <Skeleton height={120} />
        </Box>
      </Box>
    </Container>
  );
}
