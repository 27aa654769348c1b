import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import AssignmentIcon from '@mui/icons-material/Assignment';
import BarcodeReaderIcon from '@mui/icons-material/BarcodeReader';
import ConstructionIcon from '@mui/icons-material/Construction';
import EuroSymbolIcon from '@mui/icons-material/EuroSymbol';
import FavoriteIcon from '@mui/icons-material/Favorite';
import GroupsIcon from '@mui/icons-material/Groups';
import HandshakeIcon from '@mui/icons-material/Handshake';
import HistoryIcon from '@mui/icons-material/History';
import HomeIcon from '@mui/icons-material/Home';
import InventoryIcon from '@mui/icons-material/Inventory';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import KeyIcon from '@mui/icons-material/Key';
import LightbulbIcon from '@mui/icons-material/Lightbulb';
import LockIcon from '@mui/icons-material/Lock';
import MapIcon from '@mui/icons-material/Map';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import PaymentsIcon from '@mui/icons-material/Payments';
import PersonIcon from '@mui/icons-material/Person';
import PinIcon from '@mui/icons-material/Pin';
import PlaceIcon from '@mui/icons-material/Place';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import RuleIcon from '@mui/icons-material/Rule';
import SavingsIcon from '@mui/icons-material/Savings';
import ScheduleIcon from '@mui/icons-material/Schedule';
import SearchIcon from '@mui/icons-material/Search';
import ShoppingBagIcon from '@mui/icons-material/ShoppingBag';
import StarIcon from '@mui/icons-material/Star';
import StoreIcon from '@mui/icons-material/Store';
import StorefrontIcon from '@mui/icons-material/Storefront';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import TrackChangesIcon from '@mui/icons-material/TrackChanges';
import VerifiedIcon from '@mui/icons-material/Verified';
import type { SvgIconComponent } from '@mui/icons-material';
import { Box, Button, Container, Paper, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { Link, useParams } from 'react-router-dom';
import { usePageTitle, useSiteName } from '../site-settings/api';
import NotFoundPage from '../../app/NotFoundPage';
import { infoBodies } from './bodies';
import { infoPages, withSiteName, type InfoCta, type InfoSectionIcon } from './content';

const sectionIcons: Record<InfoSectionIcon, SvgIconComponent> = {
  search: SearchIcon,
  inventory: Inventory2Icon,
  euro: EuroSymbolIcon,
  bag: ShoppingBagIcon,
  location: PlaceIcon,
  radius: TrackChangesIcon,
  map: MapIcon,
  privacy: LockIcon,
  store: StorefrontIcon,
  rules: RuleIcon,
  favorite: FavoriteIcon,
  verified: VerifiedIcon,
  star: StarIcon,
  notifications: NotificationsActiveIcon,
  neighbourhood: GroupsIcon,
  support: SupportAgentIcon,
  customer: PersonIcon,
  shopkeeper: StoreIcon,
  collaborator: HandshakeIcon,
  idea: LightbulbIcon,
  build: ConstructionIcon,
  history: HistoryIcon,
  barcode: BarcodeReaderIcon,
  stock: InventoryIcon,
  orders: ReceiptLongIcon,
  schedule: ScheduleIcon,
  code: PinIcon,
  payment: PaymentsIcon,
  tasks: AssignmentIcon,
  key: KeyIcon,
  credits: SavingsIcon,
};

const isHome = (cta: InfoCta) => cta.to === '/';

/** A marketing page of spec §2 (/info/:slug); an unknown slug is a 404 like any unknown path. */
export default function InfoPage() {
  const siteName = useSiteName();
  const { slug } = useParams<{ slug: string }>();
  const page = infoPages.find((p) => p.slug === slug);

  usePageTitle(page ? page.title : 'Pagina non trovata');

  if (!page) return <NotFoundPage />;
  const { sections, ctas } = infoBodies[page.slug];

  return (
    <>
      <Box
        component="section"
        sx={(theme) => ({
          background: `linear-gradient(135deg, ${alpha(theme.palette.primary.main, 0.35)} 0%, ${alpha(theme.palette.secondary.main, 0.2)} 100%)`,
          borderBottom: 1,
          borderColor: 'divider',
          py: { xs: 5, md: 9 },
        })}
      >
        <Container>
          <Typography variant="overline" sx={{ fontWeight: 700, letterSpacing: '0.12em', color: 'text.secondary' }}>
            Scopri {siteName}
          </Typography>
          <Typography variant="h1" sx={{ fontSize: { xs: '2rem', md: '3rem' }, mt: 1, mb: 2, overflowWrap: 'break-word', hyphens: 'auto' }}>
            {page.title}
          </Typography>
          <Typography sx={{ fontSize: { xs: '1.1rem', md: '1.3rem' }, color: 'text.secondary', maxWidth: 760 }}>{withSiteName(page.lead, siteName)}</Typography>
        </Container>
      </Box>

      <Container sx={{ py: { xs: 4, md: 7 } }}>
        <Box sx={{ display: 'grid', gap: { xs: 2, md: 3 }, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
          {sections.map((section) => {
            const Icon = sectionIcons[section.icon];
            return (
              <Paper
                key={section.title}
                component="article"
                variant="outlined"
                sx={{ p: { xs: 2.5, md: 4 }, borderRadius: 4, display: 'flex', gap: 2.5, flexDirection: { xs: 'column', sm: 'row' } }}
              >
                <Box
                  aria-hidden
                  sx={{ width: 56, height: 56, flexShrink: 0, borderRadius: 3, bgcolor: 'primary.main', color: 'primary.contrastText', display: 'grid', placeItems: 'center' }}
                >
                  <Icon />
                </Box>
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
                    {withSiteName(section.title, siteName)}
                  </Typography>
                  <Typography color="text.secondary" sx={{ lineHeight: 1.7 }}>
                    {withSiteName(section.text, siteName)}
                  </Typography>
                </Box>
              </Paper>
            );
          })}
        </Box>

        <Paper
          component="aside"
          variant="outlined"
          sx={(theme) => ({
            mt: { xs: 4, md: 6 },
            p: { xs: 3, md: 5 },
            borderRadius: 4,
            background: `linear-gradient(120deg, ${alpha(theme.palette.primary.main, 0.25)}, ${alpha(theme.palette.secondary.main, 0.2)})`,
            // The buttons share the line with the text while they fit and drop below it when they don't.
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            gap: 3,
          })}
        >
          <Box sx={{ flex: '1 1 320px', minWidth: 0 }}>
            <Typography variant="h2" sx={{ fontSize: { xs: '1.4rem', md: '1.7rem' }, mb: 1 }}>
              Pronto a iniziare?
            </Typography>
            <Typography color="text.secondary">Crea il tuo account in un minuto: bastano un nome utente, un’e-mail e una password.</Typography>
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', flex: '0 1 auto', width: { xs: '100%', sm: 'auto' } }}>
            {ctas.map((cta) => (
              <Button
                key={cta.to}
                component={Link}
                to={cta.to}
                size="large"
                variant={isHome(cta) ? 'outlined' : 'contained'}
                color={isHome(cta) ? 'inherit' : 'primary'}
                startIcon={isHome(cta) ? <HomeIcon /> : undefined}
                endIcon={isHome(cta) ? undefined : <ArrowForwardIcon />}
              >
                {cta.label}
              </Button>
            ))}
          </Stack>
        </Paper>
      </Container>
    </>
  );
}
