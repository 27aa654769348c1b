import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import ScheduleIcon from '@mui/icons-material/Schedule';
import PlaceIcon from '@mui/icons-material/Place';
import ShoppingBagIcon from '@mui/icons-material/ShoppingBag';
import { Chip, Typography, type Theme } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { formatDistance } from '../../app/position';

/* What a result or a nearby shop says of its shop in a word: open now, pickup, shipping (issue [17]); and how far, where, and the card that holds them. */

/**
 * The frame of a card that opens a page (a result, a nearby shop): its link stretches over it
 * (position: relative), and it lights up under the pointer and around the keyboard's focus.
 */
export const linkCardFrame = (t: Theme) =>
  ({
    position: 'relative',
    p: 1.5,
    display: 'grid',
    alignItems: 'start',
    borderRadius: 3,
    transition: 'border-color 150ms, box-shadow 150ms',
    '&:hover': { borderColor: t.palette.secondary.main, boxShadow: `0 4px 16px ${alpha(t.palette.text.primary, 0.08)}` },
  }) as const;

/** The card's link, which stretches over the whole card: the card shows its focus. */
export const stretchedLink = {
  color: 'text.primary',
  textDecoration: 'none',
  '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: 'inherit' },
  '&:focus-visible': { outline: 'none' },
} as const;

/** How far the shop is from where the customer searches. */
export function DistanceChip({ km }: { km: number }) {
  return <Chip size="small" icon={<PlaceIcon />} label={formatDistance(km)} sx={{ bgcolor: (t) => alpha(t.palette.primary.main, 0.3) }} />;
}

/** The shop's address on one line, cut with an ellipsis (whole on hover). */
export function AddressLine({ address }: { address: string }) {
  return (
    <Typography variant="body2" color="text.secondary" title={address} sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontSize: '0.8rem' }}>
      {address}
    </Typography>
  );
}

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
