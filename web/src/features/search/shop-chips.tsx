import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import ScheduleIcon from '@mui/icons-material/Schedule';
import ShoppingBagIcon from '@mui/icons-material/ShoppingBag';
import { Chip } from '@mui/material';

/* What a result or a nearby shop says of its shop in a word: open now, pickup, shipping (issue [17]). */

/** «Aperto ora» / «Chiuso ora»; «Orari non indicati» for a shop that has not stated its hours. */
export function OpenNowChip({ open, hoursStated = true }: { open: boolean; hoursStated?: boolean }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={open ? 'success' : 'default'}
      icon={<ScheduleIcon />}
      label={!hoursStated ? 'Orari non indicati' : open ? 'Aperto ora' : 'Chiuso ora'}
    />
  );
}

/** Whether a product in stock can be collected at its shop today. */
export function PickupTodayChip({ today }: { today: boolean }) {
  return <Chip size="small" variant="outlined" color={today ? 'success' : 'default'} icon={<ShoppingBagIcon />} label={today ? 'Ritiro oggi' : 'Non ritirabile oggi'} />;
}

/** How a nearby shop hands its goods over: «Ritiro in negozio», «Spedizione», both, or nothing yet. */
export function DeliveryChips({ pickup, shipping }: { pickup: boolean; shipping: boolean }) {
  return (
    <>
      {pickup && <Chip size="small" variant="outlined" icon={<ShoppingBagIcon />} label="Ritiro in negozio" />}
      {shipping && <Chip size="small" variant="outlined" icon={<LocalShippingIcon />} label="Spedizione" />}
    </>
  );
}
