import { Box, Checkbox, Chip, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel, MenuItem, TextField, type ChipProps } from '@mui/material';
import { permissionLabels, permissions, type Permission } from '@pure/assignments/labels';
import { MAX_SESSION_CREDITS, securityLevelLabels, sessionStatusLabels, type SecurityLevel, type SessionStatus } from '@pure/collaboration-sessions/labels';

/* Small pieces every page of sessions shows the same way. */

const statusColors: Record<SessionStatus, ChipProps['color']> = {
  pending: 'info',
  ready: 'warning',
  active: 'success',
  completed: 'primary',
  expired: 'default',
  cancelled: 'default',
  revoked: 'error',
};

/** "Base", "Standard", "Alta": a level's name without what it asks. */
export const securityShort = (level: SecurityLevel): string => securityLevelLabels[level].split(':')[0]!;

/** A session's state and security level as chips; waiting for the shopkeeper's confirmation said apart. */
export function SessionChips({ status, securityLevel, awaitingConfirmation }: { status: SessionStatus; securityLevel: SecurityLevel; awaitingConfirmation: boolean }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
      <Chip size="small" color={statusColors[status]} label={sessionStatusLabels[status]} />
      {awaitingConfirmation && status === 'active' && <Chip size="small" color="warning" label="Da confermare" />}
      <Chip size="small" variant="outlined" label={`Sicurezza ${securityShort(securityLevel).toLowerCase()}`} />
    </Box>
  );
}

/** A link that opens the shop's place in the phone's maps. */
export const mapsUrl = (latitude: number, longitude: number) => `https://www.google.com/maps/search/?api=1&query=${latitude},${longitude}`;

/** Which of the shop's tools the collaborator may use for it: at least one. */
export function PermissionsField({ value, onChange, error, hint }: { value: Permission[]; onChange: (value: Permission[]) => void; error?: string; hint: string }) {
  const toggle = (p: Permission) => onChange(value.includes(p) ? value.filter((x) => x !== p) : [...value, p]);
  return (
    <FormControl error={!!error} component="fieldset">
      <FormLabel component="legend">Cosa può fare per il negozio</FormLabel>
      <FormGroup row>
        {permissions.map((p) => (
          <FormControlLabel key={p} control={<Checkbox checked={value.includes(p)} onChange={() => toggle(p)} />} label={permissionLabels[p]} />
        ))}
      </FormGroup>
      <FormHelperText>{error ?? hint}</FormHelperText>
    </FormControl>
  );
}

/** The collaborator a shop gives work to: one it has already worked with. */
export function CollaboratorSelect({
  collaborators,
  value,
  onChange,
  error,
}: {
  collaborators: { id: string; name: string }[];
  value: string;
  onChange: (id: string) => void;
  error?: string;
}) {
  return (
    <TextField
      select
      label="Collaboratore"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      required
      error={!!error}
      helperText={error ?? 'Solo chi ha già lavorato con il tuo negozio (incarichi o richieste accettate).'}
    >
      {collaborators.map((c) => (
        <MenuItem key={c.id} value={c.id}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * AI credits the shop lends for a session or a standing access: a whole number up to the most the
 * labels allow. What is typed stays as typed (1,5 is not turned into 15): `creditsOf` says why it is no number of credits.
 */
export function CreditsField({ label, value, onChange, error, hint }: { label: string; value: string; onChange: (value: string) => void; error?: string; hint: string }) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={!!error}
      helperText={error ?? hint}
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
    />
  );
}

/** The credits typed, or why they cannot be. */
export function creditsOf(text: string): { credits: number } | { problem: string } {
  const typed = text.trim();
  const credits = Number(typed || '0');
  return /^\d*$/.test(typed) && credits <= MAX_SESSION_CREDITS ? { credits } : { problem: `Crediti AI: un numero intero da 0 a ${MAX_SESSION_CREDITS}.` };
}

/** "Prodotti e magazzino, Ordini": what the collaborator may do for the shop, in words. */
export const permissionsText = (chosen: readonly Permission[]): string => chosen.map((p) => permissionLabels[p]).join(', ') || '—';
