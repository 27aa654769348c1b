import BadgeIcon from '@mui/icons-material/BadgeOutlined';
import DirectionsIcon from '@mui/icons-material/Directions';
import EmailIcon from '@mui/icons-material/Email';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import LanguageIcon from '@mui/icons-material/Language';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import PhoneIcon from '@mui/icons-material/Phone';
import PlaceIcon from '@mui/icons-material/Place';
import ScheduleIcon from '@mui/icons-material/Schedule';
import SearchIcon from '@mui/icons-material/Search';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import ShoppingBagIcon from '@mui/icons-material/ShoppingBag';
import StarIcon from '@mui/icons-material/Star';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { Avatar, Box, Button, Card, CardContent, Chip, Container, InputAdornment, Skeleton, Table, TableBody, TableCell, TableRow, TextField, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { Fragment, useMemo, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ApiError, errorText } from '../../../lib/client';
import { useFavorites, useToggleFavorite } from '../../favorites/api';
import { useStoreProducts, type Product } from '../../products/api';
import { useMapSettings, usePageTitle, useSiteName } from '../../site-settings/api';
import { directionsUrl } from '@pure/stores/directions';
import { useChosenPosition } from '../../../app/position';
import { usePublicStore, type OpeningHours, type PublicStore, type Weekday } from '../api';
import { useAuth } from '../../../app/auth';
import { foldText, formatRating } from '../../../lib/text';
import { PublicReviewsSection } from '../../reviews/ReviewParts';
import { useShopGooglePlace } from '../../google-places/api';
import { GoogleRating } from '../../google-places/GoogleRating';
import { formatMoney } from '../../../lib/money';
import { clampLines } from '../../../app/theme';
import { noHoursText } from '../OpeningHoursEditor';
import { week } from '../week';
import { romeToday, weekdayOf } from '../../../lib/dates';
import { toast } from '../../../components/toast/toast-store';
import { AddToCart } from '../../cart/AddToCart';
import { EmptyState } from '../../../components/EmptyState';
import { LowestPriceNote, ProductImage, StockChip } from '../../products/product-parts';
import { defaultRating, ShopMap, useCategoryName } from '../store-parts';

/** Today in the shops' time zone, whatever the visitor's clock says (the API's openNow uses it too). */
const todayInRome = (): Weekday => weekdayOf(romeToday());

const slotsOf = (hours: OpeningHours, day: Weekday) => (hours[day] ?? []).map((s) => `${s.open}–${s.close}`);

/** Lower case without accents, so "caffe" finds "Caffè". */

const websiteHref = (site: string) => (/^https?:\/\//i.test(site) ? site : `https://${site}`);
const websiteLabel = (site: string) =>
  site
    .replace(/^https?:\/\//i, '')
    .replace(/^www\./i, '')
    .replace(/\/$/, '');

/** The shop's rating and photo on Google when it is linked (issue [22]); nothing otherwise, nor while it loads. */
function ShopOnGoogle({ id }: { id: string }) {
  const { data } = useShopGooglePlace(id);
  return data ? <GoogleRating place={data} /> : null;
}

/** /stores/:slug — a shop's public page: who, where, when, how it delivers, and its products. */
export default function StorePage() {
  const site = useSiteName();
  const { slug } = useParams();
  const { data: store, error, isPending } = usePublicStore(slug);

  usePageTitle(store ? store.name : error ? 'Negozio non trovato' : 'Negozio');

  if (error) {
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <Container sx={{ py: 4 }}>
        <EmptyState
          icon={missing ? <StorefrontIcon /> : <SearchOffIcon />}
          title={missing ? 'Negozio non trovato' : 'Non riusciamo a mostrare il negozio'}
          text={missing ? `Il negozio che cerchi non esiste o al momento non è visibile su ${site}.` : errorText(error, 'Riprova tra poco.')}
          go={{ to: '/search', label: 'Cerca nei negozi vicini' }}
        />
      </Container>
    );
  }
  if (isPending) return <StoreSkeleton />;

  return (
    <Container sx={{ py: { xs: 2, md: 4 } }}>
      <StoreHeader store={store} />
      <Box sx={{ display: 'grid', gap: 3, mt: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 360px' }, alignItems: 'start' }}>
        <Box sx={{ display: 'grid', gap: 4, minWidth: 0 }}>
          <Products storeId={store.id} />
          <PublicReviewsSection about="stores" id={store.id} title="Recensioni dei clienti" />
        </Box>
        <Box component="aside" aria-label="Informazioni sul negozio" sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <ShopOnGoogle id={store.id} />
          <OpeningHoursCard hours={store.openingHours} openNow={store.openNow} />
          {store.showMap && (
            <InfoCard icon={<PlaceIcon />} title="Dove siamo">
              <ShopMap markers={[{ id: store.id, latitude: store.latitude, longitude: store.longitude, label: store.name }]} />
              <Typography sx={{ mt: 1.5 }}>{store.address}</Typography>
            </InfoCard>
          )}
          <DeliveryCard store={store} />
          <SellerCard seller={store.seller} />
        </Box>
      </Box>
    </Container>
  );
}

/** How the shop hands orders over, in a word: pickup needs stated hours; none at all shows no chip. */
function deliveryChip(store: PublicStore): string | null {
  const ships = store.shippingEnabled && !store.pickupOnly;
  if (store.openingHours === null) return ships ? 'Solo consegna' : null;
  return ships ? 'Ritiro e consegna' : 'Ritiro in negozio';
}

function StoreHeader({ store }: { store: PublicStore }) {
  const categoryName = useCategoryName();
  const cover = store.images[0];
  return (
    <Card sx={{ borderRadius: 4, overflow: 'hidden' }}>
      <Box
        aria-hidden
        sx={(t) => ({
          height: { xs: 96, md: 150 },
          background: cover
            ? `center / cover no-repeat url("${cover}")`
            : `radial-gradient(circle at 85% 20%, ${alpha(t.palette.secondary.main, 0.55)} 0, transparent 55%), linear-gradient(120deg, ${alpha(t.palette.primary.main, 0.85)}, ${alpha(t.palette.primary.main, 0.35)})`,
        })}
      />
      <CardContent sx={{ p: { xs: 2, md: 3 }, pt: 0, '&:last-child': { pb: { xs: 2, md: 3 } } }}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-end', flexWrap: 'wrap', mt: { xs: -5, md: -6 } }}>
          <Avatar
            src={store.logo ?? undefined}
            alt={`Logo di ${store.name}`}
            variant="rounded"
            sx={{ width: { xs: 80, md: 104 }, height: { xs: 80, md: 104 }, borderRadius: 3, border: 4, borderColor: 'background.paper', bgcolor: 'primary.main', boxShadow: 1 }}
          >
            <StorefrontIcon sx={{ fontSize: 44, color: 'primary.contrastText' }} />
          </Avatar>
          <Box sx={{ flex: '1 1 260px', minWidth: 0, pb: 0.5 }}>
            <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', md: '2.2rem' }, overflowWrap: 'anywhere' }}>
              {store.name}
            </Typography>
          </Box>
          <FavoriteButton store={store} />
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
          <Chip size="small" label={categoryName(store.category)} sx={{ bgcolor: (t) => alpha(t.palette.primary.main, 0.35), fontWeight: 600 }} />
          <Chip
            size="small"
            color={store.openNow ? 'success' : 'default'}
            icon={<ScheduleIcon />}
            label={store.openingHours === null ? noHoursText : store.openNow ? 'Aperto ora' : 'Chiuso ora'}
          />
          {deliveryChip(store) && <Chip size="small" variant="outlined" icon={<ShoppingBagIcon />} label={deliveryChip(store)} />}
          <Chip
            size="small"
            variant="outlined"
            icon={<StarIcon sx={{ color: 'secondary.main' }} />}
            label={formatRating(store.rating ?? defaultRating)}
            role="img"
            aria-label={`Valutazione ${formatRating(store.rating ?? defaultRating)} su 5`}
          />
        </Box>
        <Typography sx={{ display: 'flex', gap: 0.75, alignItems: 'flex-start', mt: 1.5, color: 'text.secondary' }}>
          <PlaceIcon fontSize="small" sx={{ mt: '2px', flexShrink: 0 }} />
          <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
            {store.address}
          </Box>
        </Typography>
        {store.description && <Typography sx={{ mt: 1.5, maxWidth: 760, whiteSpace: 'pre-line' }}>{store.description}</Typography>}
        <ContactLinks store={store} />
      </CardContent>
    </Card>
  );
}

/** How to reach the shop: its phone, e-mail and website when it gave them, and the way there (the last two open elsewhere). */
function ContactLinks({ store }: { store: PublicStore }) {
  const { directionsApp } = useMapSettings();
  // From where the customer said they are (detected or chosen), else the maps ask.
  const from = useChosenPosition();
  const links: ({ icon: ReactNode; href: string; label: string; away?: true } | null)[] = [
    store.phone ? { icon: <PhoneIcon />, href: `tel:${store.phone.replace(/\s+/g, '')}`, label: store.phone } : null,
    store.email ? { icon: <EmailIcon />, href: `mailto:${store.email}`, label: store.email } : null,
    store.website ? { icon: <LanguageIcon />, href: websiteHref(store.website), label: websiteLabel(store.website), away: true } : null,
    { icon: <DirectionsIcon />, href: directionsUrl(directionsApp, store, from), label: 'Indicazioni', away: true },
  ];
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
      {links.map(
        (link) =>
          link && (
            <Button
              key={link.href}
              variant="outlined"
              color="inherit"
              size="small"
              startIcon={link.icon}
              href={link.href}
              {...(link.away && { target: '_blank', rel: 'noopener noreferrer' })}
              sx={{ borderColor: 'divider', maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', display: 'inline-flex' }}
            >
              {link.label}
            </Button>
          ),
      )}
    </Box>
  );
}

/** Logged out, the heart leads to login: favourites belong to a customer's account, so other roles have none. */
function FavoriteButton({ store }: { store: PublicStore }) {
  const { user } = useAuth();
  if (user && user.role !== 'customer') return null;
  if (!user) {
    return (
      <Button component={Link} to="/auth" variant="outlined" color="secondary" startIcon={<FavoriteBorderIcon />} sx={{ flexShrink: 0 }}>
        Salva nei preferiti
      </Button>
    );
  }
  return <FavoriteToggle store={store} />;
}

function FavoriteToggle({ store }: { store: PublicStore }) {
  const { data: favorites = [], isPending } = useFavorites();
  const toggle = useToggleFavorite();
  const favorite = favorites.some((f) => f.id === store.id);
  const onClick = () =>
    toggle.mutate(
      { storeId: store.id, favorite: !favorite },
      {
        onSuccess: () => toast({ title: favorite ? 'Rimosso dai preferiti' : 'Aggiunto ai preferiti', description: store.name, variant: 'success' }),
        onError: (error) => toast({ title: 'Preferiti non aggiornati', description: errorText(error, 'Riprova tra poco.'), variant: 'destructive' }),
      },
    );
  return (
    <Button
      variant={favorite ? 'contained' : 'outlined'}
      color="secondary"
      startIcon={favorite ? <FavoriteIcon /> : <FavoriteBorderIcon />}
      onClick={onClick}
      disabled={isPending || toggle.isPending}
      aria-pressed={favorite}
      sx={{ flexShrink: 0 }}
    >
      {favorite ? 'Nei preferiti' : 'Salva nei preferiti'}
    </Button>
  );
}

function Products({ storeId }: { storeId: string }) {
  const site = useSiteName();
  // The owner's endpoint and cache entry: to visitors it answers only the active products.
  const { data: products = [], isPending } = useStoreProducts(storeId);
  const [filter, setFilter] = useState('');
  const shown = useMemo(() => {
    const words = foldText(filter).split(/\s+/).filter(Boolean);
    if (!words.length) return products;
    return products.filter((p) => {
      const text = foldText(`${p.name} ${p.description} ${p.category ?? ''}`);
      return words.every((w) => text.includes(w));
    });
  }, [products, filter]);

  return (
    <Box component="section" aria-labelledby="products-title" sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 2 }}>
        <Typography id="products-title" variant="h2" sx={{ fontSize: { xs: '1.3rem', md: '1.5rem' } }}>
          Prodotti
          {products.length > 0 && (
            <Box component="span" sx={{ color: 'text.secondary', fontWeight: 600 }}>
              {' '}
              ({products.length})
            </Box>
          )}
        </Typography>
        {products.length > 0 && (
          <TextField
            size="small"
            type="search"
            placeholder="Cerca in questo negozio"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            sx={{ width: { xs: '100%', sm: 280 }, bgcolor: 'background.paper' }}
            slotProps={{
              htmlInput: { 'aria-label': 'Cerca in questo negozio' },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
        )}
      </Box>
      {isPending ? (
        <ProductGrid>
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <Box key={i}>
              <Skeleton variant="rounded" sx={{ width: '100%', height: 'auto', aspectRatio: '1 / 1' }} />
              <Skeleton width="80%" />
              <Skeleton width="40%" />
            </Box>
          ))}
        </ProductGrid>
      ) : products.length === 0 ? (
        <EmptyState
          icon={<Inventory2Icon />}
          title="Ancora nessun prodotto"
          text={`Questo negozio non ha ancora pubblicato il suo catalogo su ${site}: torna a trovarlo presto.`}
        />
      ) : shown.length === 0 ? (
        <EmptyState
          icon={<SearchOffIcon />}
          title={`Nessun prodotto per «${filter.trim()}»`}
          text="Prova con un'altra parola o guarda tutto il catalogo."
          action={
            <Button variant="outlined" onClick={() => setFilter('')}>
              Mostra tutti i prodotti
            </Button>
          }
        />
      ) : (
        <ProductGrid>
          {shown.map((p) => (
            <ProductTile key={p.id} product={p} />
          ))}
        </ProductGrid>
      )}
    </Box>
  );
}

function ProductGrid({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'grid', gap: { xs: 1.5, sm: 2 }, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' } }}>{children}</Box>;
}

/** A product card: the photo, name and price lead to its page; below, a quantity and "add to cart". */
function ProductTile({ product }: { product: Product }) {
  return (
    <Card
      sx={(t) => ({
        p: 1.25,
        borderRadius: 3,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        transition: 'border-color 150ms',
        '&:hover': { borderColor: t.palette.secondary.main },
      })}
    >
      <Box
        component={Link}
        to={`/products/${product.id}`}
        sx={(t) => ({
          display: 'flex',
          flexDirection: 'column',
          gap: 0.75,
          flex: 1,
          color: 'inherit',
          textDecoration: 'none',
          borderRadius: 2,
          '&:focus-visible': { outline: `3px solid ${alpha(t.palette.secondary.main, 0.6)}`, outlineOffset: 2 },
        })}
      >
        <Box sx={{ position: 'relative' }}>
          <ProductImage src={product.imageUrl} alt={product.name} />
          {product.onSale && <Chip size="small" color="secondary" label="In offerta" sx={{ position: 'absolute', top: 8, left: 8 }} />}
        </Box>
        <Typography
          sx={{
            fontWeight: 600,
            lineHeight: 1.3,
            ...clampLines(2),
            overflowWrap: 'anywhere',
            minHeight: '2.6em',
          }}
        >
          {product.name}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 0.5, flexWrap: 'wrap', mt: 'auto' }}>
          <Typography sx={{ fontWeight: 800, fontSize: '1.1rem' }}>{formatMoney(product.price)}</Typography>
          <StockChip quantity={product.stockQuantity} />
        </Box>
        <LowestPriceNote product={product} compact />
      </Box>
      <AddToCart product={product} compact />
    </Card>
  );
}

/** Who sells (issue [21]): a trader and its VAT number, or a private seller and what that means; nothing declared, nothing said. */
function SellerCard({ seller }: { seller: PublicStore['seller'] }) {
  if (!seller) return null;
  return (
    <InfoCard icon={<BadgeIcon />} title="Chi vende">
      {seller.sellerType === 'trader' ? (
        <Typography>
          Venditore professionale · P. IVA {seller.vatNumber}
          {seller.status === 'verified' ? ' (verificata da Vicino)' : ' (in verifica)'}
        </Typography>
      ) : (
        <Typography>Venditore privato: ai suoi acquisti non si applicano i diritti dei consumatori del Codice del Consumo, come il recesso.</Typography>
      )}
    </InfoCard>
  );
}

function InfoCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card sx={{ borderRadius: 3 }}>
      <CardContent>
        <Typography variant="h2" sx={{ fontSize: '1.1rem', display: 'flex', alignItems: 'center', gap: 1, mb: 1.5, '& svg': { color: 'secondary.main' } }}>
          {icon}
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function OpeningHoursCard({ hours, openNow }: { hours: OpeningHours | null; openNow: boolean }) {
  if (!hours) {
    return (
      <InfoCard icon={<ScheduleIcon />} title="Orari di apertura">
        <Typography sx={{ fontWeight: 600 }}>{noHoursText}</Typography>
        <Typography variant="body2" color="text.secondary">
          Il negozio non ha ancora indicato quando è aperto: finché non lo fa, non si può ritirare né prenotare qui.
        </Typography>
      </InfoCard>
    );
  }
  const today = todayInRome();
  const todaySlots = slotsOf(hours, today);
  return (
    <InfoCard icon={<ScheduleIcon />} title="Orari di apertura">
      <Typography variant="body2" sx={{ mb: 1, fontWeight: 600, color: openNow ? 'success.main' : 'text.secondary' }}>
        {openNow ? 'Aperto ora' : 'Chiuso ora'} · oggi {todaySlots.length ? todaySlots.join(', ') : 'chiuso'}
      </Typography>
      <Table size="small" aria-label="Orari della settimana">
        <TableBody>
          {week.map(({ key: day, name }) => {
            const isToday = day === today;
            const slots = slotsOf(hours, day);
            return (
              <TableRow key={day} selected={isToday} sx={{ '&:last-child > *': { borderBottom: 0 } }}>
                <TableCell component="th" scope="row" sx={{ pl: 1, fontWeight: isToday ? 700 : 400 }}>
                  {name}
                </TableCell>
                <TableCell
                  align="right"
                  sx={{ pr: 1, fontWeight: isToday ? 700 : 400, color: slots.length ? 'text.primary' : 'text.secondary', fontVariantNumeric: 'tabular-nums' }}
                >
                  {/* A narrow screen breaks between time ranges, never inside one. */}
                  {slots.length
                    ? slots.map((slot, i) => (
                        <Fragment key={slot}>
                          {i > 0 && ', '}
                          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                            {slot}
                          </Box>
                        </Fragment>
                      ))
                    : 'Chiuso'}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </InfoCard>
  );
}

/** Pickup once the shop has stated its hours; shipping, when the shop offers it, with its rules in plain words. */
function DeliveryCard({ store }: { store: PublicStore }) {
  const site = useSiteName();
  const ships = store.shippingEnabled && !store.pickupOnly;
  const pickup = store.openingHours !== null;
  const rules = ships
    ? [
        store.shippingRadius !== null && `Consegna entro ${store.shippingRadius.toLocaleString('it-IT')} km dal negozio.`,
        store.shippingCost ? `Costo di consegna ${formatMoney(store.shippingCost)}.` : 'Consegna gratuita.',
        store.freeShippingThreshold !== null && store.shippingCost ? `Gratis per ordini da ${formatMoney(store.freeShippingThreshold)}.` : false,
        store.minimumOrderForShipping !== null && `Ordine minimo per la consegna ${formatMoney(store.minimumOrderForShipping)}.`,
      ].filter((rule): rule is string => Boolean(rule))
    : [];
  return (
    <InfoCard icon={<LocalShippingIcon />} title="Ritiro e consegna">
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        <Box>
          <Typography sx={{ fontWeight: 600 }}>Ritiro in negozio</Typography>
          <Typography variant="body2" color="text.secondary">
            {pickup ? `Ordina su ${site} e passa a ritirare al banco, senza costi aggiuntivi.` : 'Non ancora disponibile: il negozio deve prima indicare i suoi orari di apertura.'}
          </Typography>
        </Box>
        {ships ? (
          <Box>
            <Typography sx={{ fontWeight: 600 }}>Consegna a domicilio</Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5, color: 'text.secondary', typography: 'body2' }}>
              {rules.map((rule) => (
                <li key={rule}>{rule}</li>
              ))}
            </Box>
            {store.shippingNote && (
              <Typography variant="body2" sx={{ mt: 1, fontStyle: 'italic' }}>
                {store.shippingNote}
              </Typography>
            )}
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {pickup ? 'Questo negozio non effettua consegne: solo ritiro in negozio.' : 'Questo negozio non effettua consegne: per ora non si può ordinare qui.'}
          </Typography>
        )}
      </Box>
    </InfoCard>
  );
}

function StoreSkeleton() {
  return (
    <Container sx={{ py: { xs: 2, md: 4 } }} role="status" aria-label="Caricamento del negozio">
      <Skeleton variant="rounded" height={260} sx={{ borderRadius: 4 }} />
      <Box sx={{ display: 'grid', gap: 3, mt: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 360px' } }}>
        <Skeleton variant="rounded" height={320} />
        <Skeleton variant="rounded" height={320} />
      </Box>
    </Container>
  );
}
