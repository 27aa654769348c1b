import AddBusinessIcon from '@mui/icons-material/AddBusiness';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import ExploreIcon from '@mui/icons-material/Explore';
import GroupsIcon from '@mui/icons-material/Groups';
import HandshakeIcon from '@mui/icons-material/Handshake';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import LightbulbIcon from '@mui/icons-material/Lightbulb';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import PlaceIcon from '@mui/icons-material/Place';
import SearchIcon from '@mui/icons-material/Search';
import ShoppingBagIcon from '@mui/icons-material/ShoppingBag';
import StorefrontIcon from '@mui/icons-material/Storefront';
import VerifiedIcon from '@mui/icons-material/Verified';
import VolunteerActivismIcon from '@mui/icons-material/VolunteerActivism';
import type { SvgIconComponent } from '@mui/icons-material';
import { Box, Button, Card, Container, Link as MuiLink, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { Fragment, lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { usePageTitle, useSiteName } from '../site-settings/api';
import { GeoBox } from '../../components/GeoBox';
import { SearchBox } from '../../components/SearchBox';
import { infoPages, withSiteName, type InfoSlug } from '../info/content';
import { exampleSearches } from './examples';

import { clampLines, readableOnLight } from '../../app/theme';
const NearbySection = lazy(() => import('./NearbySection'));

const infoIcons: Record<InfoSlug, SvgIconComponent> = {
  'prodotti-zona': Inventory2Icon,
  'geolocalizzazione-intelligente': MyLocationIcon,
  'negozi-locali': StorefrontIcon,
  'community-attiva': GroupsIcon,
  panoramica: ExploreIcon,
  'il-progetto': LightbulbIcon,
  'gestisci-prodotti': AddBusinessIcon,
  'ritira-negozio': ShoppingBagIcon,
  'diventa-collaboratore': HandshakeIcon,
};

const steps: { icon: SvgIconComponent; title: string; text: string }[] = [
  {
    icon: SearchIcon,
    title: 'Cerca',
    text: 'Scrivi cosa ti serve: cerchiamo nei cataloghi dei negozi intorno a te, dalla ferramenta alla libreria.',
  },
  {
    icon: StorefrontIcon,
    title: 'Scegli il negozio',
    text: 'Confronta prezzo, disponibilità e distanza, poi ordina dal negozio che preferisci in pochi tocchi.',
  },
  {
    icon: ShoppingBagIcon,
    title: 'Ritira o ricevi',
    text: 'Passa al banco con il tuo codice di ritiro quando ti è comodo o, se il negozio consegna, ricevilo a casa.',
  },
];

const promises = [
  { icon: PlaceIcon, text: 'Negozi a pochi passi' },
  { icon: ShoppingBagIcon, text: 'Ritiro in negozio' },
  { icon: VerifiedIcon, text: 'Negozi verificati' },
];

function SectionHeading({ id, overline, title, text }: { id: string; overline: string; title: string; text: string }) {
  return (
    <Box sx={{ textAlign: 'center', maxWidth: 680, mx: 'auto', mb: { xs: 3, md: 5 } }}>
      <Typography variant="overline" sx={{ fontWeight: 700, letterSpacing: '0.12em', color: (t) => readableOnLight(t.palette.secondary.main) }}>
        {overline}
      </Typography>
      <Typography id={id} variant="h2" sx={{ fontSize: { xs: '1.6rem', md: '2.2rem' }, mb: 1.5 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ fontSize: '1.05rem' }}>
        {text}
      </Typography>
    </Box>
  );
}

/** The customer-facing landing page (spec §2 "/"); PublicLayout brings header and footer. */
export default function HomePage() {
  const [query, setQuery] = useState('');

  usePageTitle(null);
  const siteName = useSiteName();

  const navigate = useNavigate();
  const search = (q: string) => navigate(`/search?${new URLSearchParams({ q })}`);

  return (
    <>
      <Box
        component="section"
        aria-labelledby="home-title"
        sx={(theme) => ({
          background: `radial-gradient(circle at 85% 10%, ${alpha(theme.palette.secondary.main, 0.28)} 0, transparent 45%),
            linear-gradient(160deg, ${alpha(theme.palette.primary.main, 0.4)} 0%, ${theme.palette.background.default} 75%)`,
          py: { xs: 5, md: 10 },
        })}
      >
        <Container>
          <Box sx={{ display: 'grid', gap: { xs: 4, md: 8 }, alignItems: 'center', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 7fr) minmax(0, 5fr)' } }}>
            <Box sx={{ minWidth: 0 }}>
              <Box
                sx={{
                  display: 'inline-flex',
                  alignItems: 'center',
                  gap: 0.75,
                  px: 1.5,
                  py: 0.5,
                  mb: 2.5,
                  borderRadius: 99,
                  bgcolor: 'background.paper',
                  border: 1,
                  borderColor: 'divider',
                  fontSize: '0.85rem',
                  fontWeight: 600,
                }}
              >
                <PlaceIcon fontSize="small" color="secondary" />
                Il marketplace dei negozi di quartiere
              </Box>
              <Typography id="home-title" variant="h1" sx={{ fontSize: { xs: '2.2rem', sm: '2.8rem', md: '3.5rem' }, letterSpacing: '-0.02em', mb: 2 }}>
                Trova quello che cerchi nei negozi{' '}
                <Box component="span" sx={(theme) => ({ backgroundImage: `linear-gradient(transparent 62%, ${alpha(theme.palette.secondary.main, 0.55)} 62%)` })}>
                  sotto casa
                </Box>
              </Typography>
              <Typography sx={{ fontSize: { xs: '1.05rem', md: '1.25rem' }, color: 'text.secondary', mb: 4, maxWidth: 600 }}>
                Cerca un prodotto, scopri quali negozi del tuo quartiere lo hanno e a che prezzo, poi ritiralo in negozio o fattelo portare a casa.
              </Typography>
              <SearchBox onSearch={setQuery} onSubmit={search} />
              <Typography variant="body2" color="text.secondary" aria-live="polite" sx={{ mt: 1.5, minHeight: '1.5em', overflowWrap: 'anywhere' }}>
                {query ? (
                  `Premi «Cerca» per trovare “${query}” nei negozi vicini.`
                ) : (
                  <>
                    Prova con{' '}
                    {exampleSearches.map((example, i) => (
                      <Fragment key={example}>
                        {i > 0 && (i === exampleSearches.length - 1 ? ' o ' : ', ')}
                        <MuiLink component={Link} to={`/search?${new URLSearchParams({ q: example })}`} color="inherit" sx={{ fontWeight: 600 }}>
                          {`«${example}»`}
                        </MuiLink>
                      </Fragment>
                    ))}
                    .
                  </>
                )}
              </Typography>
              <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', columnGap: 3, rowGap: 1, mt: 3 }}>
                {promises.map(({ icon: Icon, text }) => (
                  <Box key={text} sx={{ display: 'flex', alignItems: 'center', gap: 0.75, fontWeight: 600, fontSize: '0.95rem' }}>
                    <Icon fontSize="small" sx={{ color: 'secondary.main' }} />
                    {text}
                  </Box>
                ))}
              </Stack>
            </Box>
            <Box sx={{ minWidth: 0 }}>
              <GeoBox />
            </Box>
          </Box>
        </Container>
      </Box>

      {/* Below the fold, loaded after the first paint: the home page's first chunk stays small. */}
      <Suspense fallback={<Box sx={{ minHeight: 320 }} />}>
        <NearbySection />
      </Suspense>

      <Container component="section" aria-labelledby="how-title" sx={{ py: { xs: 6, md: 10 } }}>
        <SectionHeading
          id="how-title"
          overline="Come funziona"
          title="Dal divano al banco in tre passi"
          text="Niente giri a vuoto: sai prima di uscire dove trovare quello che ti serve."
        />
        <Box
          component="ol"
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: { xs: 2, md: 3 }, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' } }}
        >
          {steps.map(({ icon: Icon, title, text }, index) => (
            <Box component="li" key={title} sx={{ position: 'relative', p: { xs: 3, md: 4 }, borderRadius: 4, bgcolor: 'background.paper', border: 1, borderColor: 'divider' }}>
              <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
                <Box sx={{ width: 52, height: 52, borderRadius: 3, bgcolor: 'primary.main', color: 'primary.contrastText', display: 'grid', placeItems: 'center' }}>
                  <Icon />
                </Box>
                <Typography aria-hidden sx={{ fontSize: '2.6rem', fontWeight: 800, lineHeight: 1, color: 'divider' }}>
                  {index + 1}
                </Typography>
              </Box>
              <Typography variant="h3" sx={{ fontSize: '1.25rem', mb: 1 }}>
                {title}
              </Typography>
              <Typography color="text.secondary">{text}</Typography>
            </Box>
          ))}
        </Box>
      </Container>

      <Box component="section" aria-labelledby="discover-title" sx={{ bgcolor: 'background.paper', borderTop: 1, borderBottom: 1, borderColor: 'divider', py: { xs: 6, md: 10 } }}>
        <Container>
          <SectionHeading
            id="discover-title"
            overline={`Scopri ${siteName}`}
            title="Tutto quello che puoi fare, da vicino"
            text="Per chi compra, per chi vende e per chi vuole dare una mano ai negozi del quartiere."
          />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' } }}>
            {infoPages.map((page) => {
              const Icon = infoIcons[page.slug];
              return (
                <Card
                  key={page.slug}
                  component={Link}
                  to={`/info/${page.slug}`}
                  sx={(t) => ({
                    p: 3,
                    borderRadius: 4,
                    display: 'flex',
                    flexDirection: 'column',
                    alignItems: 'flex-start',
                    color: 'inherit',
                    textDecoration: 'none',
                    transition: 'border-color 150ms, transform 150ms',
                    '&:hover': { borderColor: t.palette.secondary.main, transform: 'translateY(-2px)' },
                    '&:focus-visible': { outline: `3px solid ${alpha(t.palette.secondary.main, 0.6)}`, outlineOffset: 2 },
                  })}
                >
                  <Box sx={{ width: 44, height: 44, borderRadius: 2.5, bgcolor: (t) => alpha(t.palette.primary.main, 0.35), display: 'grid', placeItems: 'center', mb: 2 }}>
                    <Icon />
                  </Box>
                  <Typography variant="h3" sx={{ fontSize: '1.1rem', mb: 1 }}>
                    {page.title}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ flex: 1, mb: 2, ...clampLines(3) }}>
                    {withSiteName(page.lead, siteName)}
                  </Typography>
                  <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600, color: (t) => readableOnLight(t.palette.secondary.main) }}>
                    Scopri di più <ArrowForwardIcon fontSize="small" />
                  </Box>
                </Card>
              );
            })}
          </Box>
        </Container>
      </Box>

      <Container component="section" aria-label={`Unisciti a ${siteName}`} sx={{ pt: { xs: 6, md: 10 } }}>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
          <JoinPanel
            tone="primary"
            icon={AddBusinessIcon}
            title={`Hai un negozio? Portalo su ${siteName}`}
            text="Metti online il catalogo in un pomeriggio grazie al catalogo condiviso con codice a barre, ricevi ordini da ritirare al banco e fatti trovare da chi abita intorno."
            action={{ label: 'Apri il tuo negozio', to: '/auth?role=shopkeeper' }}
            more={{ label: 'Come funziona per i negozi', to: '/info/gestisci-prodotti' }}
          />
          <JoinPanel
            tone="secondary"
            icon={VolunteerActivismIcon}
            title="Vuoi lavorare nel tuo quartiere?"
            text="Aiuta i negozi vicini a caricare prodotti e consegnare ordini, in sessioni aperte e chiuse con codici monouso, e guadagna crediti e compensi per ogni incarico."
            action={{ label: 'Diventa collaboratore', to: '/auth?role=collaborator' }}
            more={{ label: 'Come funziona per i collaboratori', to: '/info/diventa-collaboratore' }}
          />
        </Box>
      </Container>
    </>
  );
}

interface JoinPanelProps {
  tone: 'primary' | 'secondary';
  icon: SvgIconComponent;
  title: string;
  text: string;
  action: { label: string; to: string };
  more: { label: string; to: string };
}

function JoinPanel({ tone, icon: Icon, title, text, action, more }: JoinPanelProps) {
  return (
    <Box
      sx={(theme) => ({
        p: { xs: 3, md: 5 },
        borderRadius: 5,
        minWidth: 0,
        background: `linear-gradient(140deg, ${alpha(theme.palette[tone].main, 0.45)} 0%, ${alpha(theme.palette[tone].main, 0.12)} 100%)`,
        border: 1,
        borderColor: alpha(theme.palette[tone].main, 0.6),
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'flex-start',
      })}
    >
      <Box sx={{ width: 56, height: 56, borderRadius: 3, bgcolor: `${tone}.main`, color: `${tone}.contrastText`, display: 'grid', placeItems: 'center', mb: 2.5 }}>
        <Icon />
      </Box>
      <Typography variant="h2" sx={{ fontSize: { xs: '1.4rem', md: '1.75rem' }, mb: 1.5 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, flex: 1 }}>
        {text}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', width: { xs: '100%', sm: 'auto' } }}>
        <Button component={Link} to={action.to} variant="contained" color={tone} size="large" endIcon={<ArrowForwardIcon />}>
          {action.label}
        </Button>
        <Button component={Link} to={more.to} color="inherit" size="large" sx={{ textAlign: 'center' }}>
          {more.label}
        </Button>
      </Stack>
    </Box>
  );
}
