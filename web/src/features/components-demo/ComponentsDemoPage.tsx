import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import CategoryIcon from '@mui/icons-material/Category';
import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/Delete';
import HomeIcon from '@mui/icons-material/Home';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import PlaceIcon from '@mui/icons-material/Place';
import SaveIcon from '@mui/icons-material/Save';
import ScienceIcon from '@mui/icons-material/Science';
import SendIcon from '@mui/icons-material/Send';
import SettingsIcon from '@mui/icons-material/Settings';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import StarIcon from '@mui/icons-material/Star';
import StorefrontIcon from '@mui/icons-material/Storefront';
import type { SvgIconComponent } from '@mui/icons-material';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  AppBar,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  Container,
  Divider,
  Drawer,
  IconButton,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Toolbar,
  Typography,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import { usePageTitle, useSiteName } from '../site-settings/api';
import { useAuth } from '../../app/auth';
import { GeoBox } from '../../components/GeoBox';
import { SearchBox } from '../../components/SearchBox';
import { toast } from '../../components/toast/toast-store';
import { formatMoney } from '../../lib/money';
import { fieldsOf } from '../../components/form-kit';

/* Spec §2: the demo's side panel lists these, even though only / is a real screen. */
const demoLinks: { to: string; label: string; icon: SvgIconComponent }[] = [
  { to: '/', label: 'Home', icon: HomeIcon },
  { to: '/products', label: 'Prodotti', icon: Inventory2Icon },
  { to: '/stores', label: 'Negozi', icon: StorefrontIcon },
  { to: '/cart', label: 'Carrello', icon: ShoppingCartIcon },
  { to: '/settings', label: 'Impostazioni', icon: SettingsIcon },
  { to: '/example', label: 'Esempio', icon: ScienceIcon },
];

/* Spec §2: sample categories of the demo form, not real data. */
const categories = ['Elettronica', 'Abbigliamento', 'Casa e giardino', 'Sport e tempo libero'] as const;

const contactSchema = z.object({
  name: z.string().trim().min(1, { error: 'Il nome è obbligatorio' }),
  email: z
    .string()
    .trim()
    .min(1, { error: 'L’e-mail è obbligatoria' })
    .pipe(z.email({ error: 'Inserisci un indirizzo e-mail valido' })),
  message: z.string().trim(),
  category: z.union([z.enum(categories), z.literal('')]),
});

type ContactInput = z.input<typeof contactSchema>;

const sampleShops = [
  { name: 'Ferramenta Rossi', category: 'Ferramenta', distance: '350 m', rating: 4.5, pickup: true },
  { name: 'Libreria Il Segnalibro', category: 'Libri e cartoleria', distance: '800 m', rating: 4.8, pickup: true },
  { name: 'Forno Bianchi', category: 'Alimentari', distance: '1,2 km', rating: 4.6, pickup: false },
];

const sampleProducts = [
  { name: 'Trapano avvitatore 18 V', shop: 'Ferramenta Rossi', price: 89.9, stock: 4 },
  { name: 'Agenda settimanale', shop: 'Libreria Il Segnalibro', price: 14.5, stock: 12 },
  { name: 'Pane integrale 500 g', shop: 'Forno Bianchi', price: 3.2, stock: 0 },
];

const LOADING_DEMO_MS = 2000;

function DemoSection({ id, title, text, children }: { id: string; title: string; text: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-labelledby={id} variant="outlined" sx={{ p: { xs: 2, sm: 3, md: 4 }, borderRadius: 4, minWidth: 0 }}>
      <Typography id={id} variant="h2" sx={{ fontSize: { xs: '1.3rem', md: '1.5rem' }, mb: 0.5 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {text}
      </Typography>
      {children}
    </Paper>
  );
}

function SearchDemo() {
  const [calls, setCalls] = useState<{ id: number; q: string }[]>([]);
  const nextId = useRef(0);
  const search = (q: string) => {
    console.log('Demo: ricerca', q);
    setCalls((previous) => [{ id: nextId.current++, q }, ...previous].slice(0, 4));
  };
  return (
    <>
      <SearchBox onSearch={search} />
      <Typography variant="subtitle2" sx={{ mt: 3, mb: 1 }}>
        Ultime chiamate a onSearch
      </Typography>
      {calls.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Nessuna ancora: scrivi almeno due caratteri.
        </Typography>
      ) : (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {calls.map(({ id, q }, index) => (
            <Chip key={id} label={q} size="small" variant={index === 0 ? 'filled' : 'outlined'} sx={{ maxWidth: '100%' }} />
          ))}
        </Stack>
      )}
    </>
  );
}

function ButtonsDemo() {
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const simulateLoading = () => {
    setLoading(true);
    timer.current = setTimeout(() => setLoading(false), LOADING_DEMO_MS);
  };

  const row = { flexWrap: 'wrap', alignItems: 'center' } as const;
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          Varianti
        </Typography>
        <Stack direction="row" spacing={1.5} useFlexGap sx={row}>
          <Button variant="contained">Principale</Button>
          <Button variant="contained" color="secondary">
            Secondario
          </Button>
          {/* The yellow primary is a fill colour: as text on white it would be unreadable. */}
          <Button variant="outlined" color="inherit">
            Contorno
          </Button>
          <Button variant="text" color="inherit">
            Testo
          </Button>
          <Button variant="contained" color="error" startIcon={<DeleteIcon />}>
            Elimina
          </Button>
          <Button variant="contained" disabled>
            Disattivato
          </Button>
        </Stack>
      </Box>
      <Box>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          Dimensioni
        </Typography>
        <Stack direction="row" spacing={1.5} useFlexGap sx={row}>
          <Button variant="contained" size="small">
            Piccolo
          </Button>
          <Button variant="contained" size="medium">
            Medio
          </Button>
          <Button variant="contained" size="large">
            Grande
          </Button>
          <IconButton aria-label="Aggiungi al carrello" color="secondary">
            <AddShoppingCartIcon />
          </IconButton>
        </Stack>
      </Box>
      <Box>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          Caricamento
        </Typography>
        <Stack direction="row" spacing={1.5} useFlexGap sx={row}>
          <Button variant="contained" onClick={simulateLoading} loading={loading} loadingPosition="start" startIcon={<SaveIcon />}>
            {loading ? 'Caricamento...' : 'Salva'}
          </Button>
          <Typography variant="body2" color="text.secondary">
            Premi «Salva»: per due secondi il pulsante resta in caricamento.
          </Typography>
        </Stack>
      </Box>
    </Stack>
  );
}

/** A sample card: its banner, what it is (a shop, a product) and its name, its details, one action. */
function SampleCard({
  banner,
  kind,
  kindColor,
  name,
  subtitle,
  children,
  action,
}: {
  banner: ReactNode;
  kind: string;
  kindColor: 'primary' | 'secondary';
  name: string;
  subtitle: string;
  children: ReactNode;
  action: ReactNode;
}) {
  return (
    <Card sx={{ borderRadius: 3, display: 'flex', flexDirection: 'column' }}>
      {banner}
      <CardContent sx={{ flex: 1 }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 1, flexWrap: 'wrap' }}>
          <Chip size="small" label={kind} color={kindColor} />
          <Chip size="small" label="Dati di esempio" variant="outlined" />
        </Stack>
        <Typography variant="h3" sx={{ fontSize: '1.1rem', mb: 0.5 }}>
          {name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {subtitle}
        </Typography>
        {children}
      </CardContent>
      <CardActions>{action}</CardActions>
    </Card>
  );
}

function CardsDemo() {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' } }}>
      {sampleShops.map((shop) => (
        <SampleCard
          key={shop.name}
          banner={
            <Box
              sx={(t) => ({
                height: 96,
                display: 'grid',
                placeItems: 'center',
                background: `linear-gradient(135deg, ${alpha(t.palette.primary.main, 0.6)}, ${alpha(t.palette.secondary.main, 0.45)})`,
              })}
            >
              <StorefrontIcon sx={{ fontSize: 40 }} />
            </Box>
          }
          kind="Negozio"
          kindColor="primary"
          name={shop.name}
          subtitle={shop.category}
          action={
            <Button color="inherit" onClick={() => console.log('Demo: apri negozio', shop.name)}>
              Vedi negozio
            </Button>
          }
        >
          <Stack direction="row" spacing={2} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }}>
            <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
              <PlaceIcon fontSize="small" color="secondary" />
              <Typography variant="body2">{shop.distance}</Typography>
            </Box>
            <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
              <StarIcon fontSize="small" sx={{ color: 'warning.main' }} />
              <Typography variant="body2">{shop.rating.toLocaleString('it-IT')}</Typography>
            </Box>
            <Typography variant="body2" color="text.secondary">
              {shop.pickup ? 'Solo ritiro' : 'Ritiro e consegna'}
            </Typography>
          </Stack>
        </SampleCard>
      ))}
      {sampleProducts.map((product) => (
        <SampleCard
          key={product.name}
          banner={
            <Box sx={{ height: 96, display: 'grid', placeItems: 'center', bgcolor: 'action.hover' }}>
              <CategoryIcon sx={{ fontSize: 40, color: 'text.secondary' }} />
            </Box>
          }
          kind="Prodotto"
          kindColor="secondary"
          name={product.name}
          subtitle={product.shop}
          action={
            <Button variant="contained" startIcon={<AddShoppingCartIcon />} disabled={product.stock === 0} onClick={() => console.log('Demo: aggiungi al carrello', product.name)}>
              Aggiungi al carrello
            </Button>
          }
        >
          <Stack direction="row" sx={{ mt: 1.5, justifyContent: 'space-between', alignItems: 'baseline', flexWrap: 'wrap', gap: 1 }}>
            <Typography sx={{ fontWeight: 800, fontSize: '1.2rem' }}>{formatMoney(product.price)}</Typography>
            <Typography variant="body2" sx={{ color: product.stock > 0 ? 'success.main' : 'error.main', fontWeight: 600 }}>
              {product.stock > 0 ? `${product.stock} disponibili` : 'Esaurito'}
            </Typography>
          </Stack>
        </SampleCard>
      ))}
    </Box>
  );
}

function FormDemo() {
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(contactSchema),
    defaultValues: { name: '', email: '', message: '', category: '' } satisfies ContactInput,
  });
  const field = fieldsOf(register, errors);

  const onSubmit = handleSubmit((values) => {
    console.log('Demo: modulo inviato', values);
    toast({ title: 'Modulo inviato', description: `Grazie, ${values.name}: i dati sono nella console del browser.`, variant: 'success' });
    reset();
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
      <TextField label="Nome" required autoComplete="name" {...field('name')} />
      <TextField label="E-mail" type="email" required autoComplete="email" {...field('email')} />
      <Controller
        name="category"
        control={control}
        render={({ field }) => (
          <TextField select label="Categoria" {...field} sx={{ gridColumn: { sm: '1 / -1' } }} helperText="Facoltativa">
            <MenuItem value="">
              <em>Nessuna</em>
            </MenuItem>
            {categories.map((c) => (
              <MenuItem key={c} value={c}>
                {c}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <TextField label="Messaggio" multiline rows={4} {...register('message')} sx={{ gridColumn: { sm: '1 / -1' } }} />
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ gridColumn: { sm: '1 / -1' }, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" size="large" endIcon={<SendIcon />} loading={isSubmitting}>
          Invia
        </Button>
        <Button type="button" size="large" color="inherit" onClick={() => reset()}>
          Annulla
        </Button>
      </Stack>
    </Box>
  );
}

const utilityNotes: { title: string; text: string; swatches?: true }[] = [
  {
    title: 'Colori',
    swatches: true,
    text: 'Primario #FFD747 e secondario #FF8847, o i colori scelti nelle impostazioni del sito. Si usano tramite il tema: color="primary", bgcolor: "secondary.main", mai scritti a mano nei componenti.',
  },
  {
    title: 'Spaziature',
    text: 'Un’unità di spaziatura vale 8 px: in sx, p: 2 significa 16 px e gap: 1.5 significa 12 px. Gli angoli arrotondati partono da 10 px (shape.borderRadius).',
  },
  {
    title: 'Punto di rottura a 768 px',
    text: 'Fino a 768 px la barra laterale diventa un pannello a scomparsa (useMediaQuery("(max-width:768px)")). Per le griglie usiamo i breakpoint del tema (xs, sm, md) e minmax(0, 1fr), così nulla sborda a 375 px.',
  },
  {
    title: 'Testi e numeri',
    text: 'Interfaccia in italiano; prezzi con il simbolo dell’euro e due decimali (€ 12,50); testi lunghi con overflowWrap: "anywhere" e contenitori flessibili con minWidth: 0.',
  },
];

function UtilityNotes() {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
      {utilityNotes.map((note) => (
        <Box key={note.title} sx={{ p: 2.5, borderRadius: 3, bgcolor: 'action.hover', minWidth: 0 }}>
          <Typography variant="h3" sx={{ fontSize: '1.05rem', mb: 1 }}>
            {note.title}
          </Typography>
          {note.swatches && (
            <Stack direction="row" spacing={1} sx={{ mb: 1.5 }}>
              {(['primary', 'secondary'] as const).map((tone) => (
                <Box
                  key={tone}
                  sx={{
                    display: 'inline-flex',
                    alignItems: 'center',
                    gap: 1,
                    px: 1.25,
                    py: 0.5,
                    borderRadius: 2,
                    bgcolor: `${tone}.main`,
                    color: `${tone}.contrastText`,
                    fontWeight: 600,
                    fontSize: '0.85rem',
                  }}
                >
                  {tone === 'primary' ? 'Primario' : 'Secondario'}
                </Box>
              ))}
            </Stack>
          )}
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {note.text}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/**
 * Spec §2 "/components-demo": the interface kit on one page, outside the public frame. It makes no
 * calls of its own (spec §7): its actions only log to the console.
 */
export default function ComponentsDemoPage() {
  const siteName = useSiteName();
  const { user, logout } = useAuth();
  const [panelOpen, setPanelOpen] = useState(false);

  usePageTitle('Demo componenti');

  const onLogout = async () => {
    setPanelOpen(false);
    // A failed logout is reported by the auth provider's toast.
    if (user) await logout();
  };

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Toolbar sx={{ gap: 1 }}>
          <IconButton edge="start" onClick={() => setPanelOpen(true)} aria-label="Apri il menu" aria-controls="demo-panel" aria-expanded={panelOpen}>
            <MenuIcon />
          </IconButton>
          <Typography component="span" sx={{ fontWeight: 800, fontSize: '1.15rem', minWidth: 0 }} noWrap>
            {`${siteName} · Demo componenti`}
          </Typography>
        </Toolbar>
      </AppBar>

      <Drawer id="demo-panel" open={panelOpen} onClose={() => setPanelOpen(false)} slotProps={{ paper: { sx: { width: 280, maxWidth: '85vw' } } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.5 }}>
          <Typography sx={{ fontWeight: 800 }}>Menu demo</Typography>
          <IconButton onClick={() => setPanelOpen(false)} aria-label="Chiudi il menu">
            <CloseIcon />
          </IconButton>
        </Box>
        <Divider />
        <List component="nav" aria-label="Link della demo" sx={{ px: 1 }}>
          {demoLinks.map(({ to, label, icon: Icon }) => (
            <ListItemButton key={to} component={Link} to={to} onClick={() => setPanelOpen(false)} sx={{ borderRadius: 2 }}>
              <ListItemIcon>
                <Icon />
              </ListItemIcon>
              <ListItemText primary={label} secondary={to} />
            </ListItemButton>
          ))}
        </List>
        <Typography variant="body2" color="text.secondary" sx={{ px: 2.5, pb: 2 }}>
          Link dimostrativi: tranne la home, queste pagine non esistono ancora.
        </Typography>
        <Box sx={{ flex: 1 }} />
        <Divider />
        <Box sx={{ p: 2 }}>
          <Button fullWidth variant="outlined" color="inherit" startIcon={<LogoutIcon />} onClick={onLogout}>
            Logout
          </Button>
        </Box>
      </Drawer>

      <Container sx={{ py: { xs: 3, md: 6 } }}>
        <Box sx={{ mb: { xs: 3, md: 5 } }}>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.9rem', md: '2.6rem' }, mb: 1 }}>
            Kit dell’interfaccia
          </Typography>
          <Typography color="text.secondary" sx={{ maxWidth: 720 }}>
            {`I componenti di ${siteName} in un’unica pagina.`} Tutti i dati sono di esempio: niente viene inviato al server, le azioni scrivono solo nella console del browser.
          </Typography>
        </Box>

        <Stack spacing={3}>
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' } }}>
            <DemoSection id="demo-search" title="Barra di ricerca" text="Dopo due caratteri la ricerca parte mentre scrivi; con il testo vuoto il pulsante resta disattivato.">
              <SearchDemo />
            </DemoSection>
            <DemoSection id="demo-geo" title="Geolocalizzazione" text="Rilevamento simulato: dopo un secondo la posizione è Milano.">
              <GeoBox simulate onLocated={(pos) => console.log('Demo: posizione', pos)} />
            </DemoSection>
          </Box>
          <DemoSection id="demo-buttons" title="Pulsanti" text="Varianti, colori, dimensioni e lo stato di caricamento.">
            <ButtonsDemo />
          </DemoSection>
          <DemoSection id="demo-cards" title="Griglia di card" text="Negozi e prodotti di esempio, come appariranno nei risultati di ricerca.">
            <CardsDemo />
          </DemoSection>
          <DemoSection id="demo-form" title="Modulo completo" text="Nome ed e-mail sono obbligatori; l’invio scrive i dati nella console e mostra una notifica.">
            <FormDemo />
          </DemoSection>
          <DemoSection id="demo-utilities" title="Note sulle utility" text="Le regole di stile condivise da tutte le pagine.">
            <UtilityNotes />
          </DemoSection>
        </Stack>
      </Container>
    </Box>
  );
}
