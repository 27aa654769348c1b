import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField, useMediaQuery, type ButtonProps } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useMemo, useState } from 'react';
import { useForm, useWatch, type Path } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError, errorText } from '../../../lib/client';
import { useCreateReservation, type Reservation } from '../api';
import { usePublicStore, type OpeningHours } from '../../stores/api';
import { useAuth } from '../../../app/auth';
import { toast } from '../../../components/toast/toast-store';
import { FormDialog } from '../../../components/FormDialog';
import { addDays, formatDay, romeToday } from '../../../lib/dates';
import { fieldsOf } from '../../../components/form-kit';
import { firstOpenDay, hoursOn, hoursText, maxDaysAhead, reservationBody, reservationSchema, type ReservationValues } from '../reservation-form';

export interface ReservableProduct {
  id: string;
  name: string;
  /** With the shop known, the dialog offers its open days and hours. */
  storeId?: string;
  store?: { id?: string; name: string };
}

const fieldNames: Path<ReservationValues>[] = ['quantity', 'reservationDate', 'preferredPickupTime', 'notes', 'customerName', 'customerPhone', 'customerEmail'];

/** The shop's hours come first, so the form starts on a day the shop is open. */
function ReserveDialog({ product, onClose }: { product: ReservableProduct; onClose: () => void }) {
  const storeId = product.store?.id ?? product.storeId;
  const { data: store, isPending } = usePublicStore(storeId);
  if (storeId && isPending) {
    return (
      <Dialog open onClose={onClose} aria-label="Prenotazione">
        <DialogContent role="status" aria-label="Caricamento" sx={{ display: 'grid', placeItems: 'center', p: 4 }}>
          <CircularProgress color="secondary" />
        </DialogContent>
      </Dialog>
    );
  }
  if (store?.openingHours === null) {
    return (
      <Dialog open onClose={onClose} aria-labelledby="no-hours-title">
        <DialogTitle id="no-hours-title">Prenotazione non disponibile</DialogTitle>
        <DialogContent>
          <DialogContentText>Il negozio non ha ancora indicato i suoi orari di apertura: per ora non si può prenotare il ritiro.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} variant="contained">
            Ho capito
          </Button>
        </DialogActions>
      </Dialog>
    );
  }
  return <ReserveForm product={product} hours={store?.openingHours} onClose={onClose} />;
}

function ReserveForm({ product, hours, onClose }: { product: ReservableProduct; hours: OpeningHours | undefined; onClose: () => void }) {
  const { user } = useAuth();
  const create = useCreateReservation();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const today = useMemo(() => romeToday(), []);
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<Reservation | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ReservationValues>({
    resolver: zodResolver(reservationSchema(today, hours)),
    defaultValues: {
      quantity: '1',
      reservationDate: firstOpenDay(today, hours),
      preferredPickupTime: '',
      notes: '',
      customerName: user?.name ?? '',
      customerPhone: '',
      customerEmail: user?.email ?? '',
    },
  });
  const field = fieldsOf(register, errors);

  const day = useWatch({ control, name: 'reservationDate' });
  const dayHours = hours && /^\d{4}-\d{2}-\d{2}$/.test(day) ? hoursOn(hours, day) : null;

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const reservation = await create.mutateAsync(reservationBody(product.id, values));
      toast({ title: 'Prenotazione inviata', description: `${product.name}: il negozio la confermerà a breve.`, variant: 'success' });
      setDone(reservation);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fieldErrors : {};
      let onField = false;
      for (const [field, message] of Object.entries(fields)) {
        if ((fieldNames as string[]).includes(field)) {
          setError(field as Path<ReservationValues>, { message });
          onField = true;
        }
      }
      if (!onField) setFormError(errorText(error, 'Non è stato possibile inviare la prenotazione: riprova tra poco.'));
    }
  });

  if (done) {
    return (
      <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="reserve-done-title">
        <DialogTitle id="reserve-done-title">Prenotazione inviata</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Hai prenotato {done.quantity} × «{done.productName}» per {formatDay(done.reservationDate)}
            {done.preferredPickupTime ? ` verso le ${done.preferredPickupTime}` : ''}. Il negozio la confermerà a breve: riceverai una notifica.
          </DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button color="inherit" onClick={onClose}>
            Chiudi
          </Button>
          <Button component={Link} to="/customer/reservations" variant="contained">
            Le mie prenotazioni
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  return (
    <FormDialog
      id="reserve-title"
      title="Prenota e ritira in negozio"
      text={
        <>
          <strong>{product.name}</strong>
          {product.store ? <> da {product.store.name}</> : null}. Paghi al ritiro; il negozio conferma la prenotazione e tiene da parte i pezzi fino al giorno scelto.
        </>
      }
      error={formError}
      submit={{ label: 'Invia prenotazione', busy: isSubmitting, onSubmit: submit }}
      onClose={onClose}
      backLabel="Annulla"
      maxWidth="sm"
      fullScreen={fullScreen}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
        <TextField label="Quantità" required type="number" {...field('quantity')} slotProps={{ htmlInput: { min: 1, max: 99, inputMode: 'numeric' } }} />
        <TextField
          label="Giorno del ritiro"
          required
          type="date"
          {...field('reservationDate', `Entro ${maxDaysAhead} giorni`)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today, max: addDays(today, maxDaysAhead) } }}
        />
        <TextField
          label="Orario preferito"
          type="time"
          {...field('preferredPickupTime', dayHours?.length ? `Aperto ${hoursText(dayHours)}` : 'Facoltativo')}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 900 } }}
        />
      </Box>
      <TextField label="Nome e cognome" required autoComplete="name" {...field('customerName')} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField label="Telefono" required type="tel" autoComplete="tel" {...field('customerPhone', 'Il negozio ti chiama solo se serve')} />
        <TextField label="E-mail" required type="email" autoComplete="email" {...field('customerEmail')} />
      </Box>
      <TextField label="Note per il negozio" multiline minRows={2} {...field('notes', 'Facoltative, ad esempio una taglia o un colore')} />
    </FormDialog>
  );
}

/**
 * "Prenota" on a product page: a customer reserves pieces to collect on a day; someone not logged
 * in goes to the login first. Shopkeepers, collaborators and admins do not reserve.
 */
export function ReserveButton({ product, ...buttonProps }: { product: ReservableProduct } & Omit<ButtonProps, 'onClick' | 'children'>) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  if (user && user.role !== 'customer') return null;
  return (
    <>
      <Button variant="outlined" startIcon={<EventAvailableIcon />} {...buttonProps} onClick={() => (user ? setOpen(true) : navigate('/auth'))}>
        Prenota
      </Button>
      {open && <ReserveDialog product={product} onClose={() => setOpen(false)} />}
    </>
  );
}

export default ReserveButton;
