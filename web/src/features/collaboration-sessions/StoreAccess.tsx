import KeyIcon from '@mui/icons-material/KeyOutlined';
import { Box, Button, Card, CardActions, CardContent, Chip, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import type { Permission } from '@pure/assignments/labels';
import { accessStatusLabels, formatCode, MAX_ACCESS_MS, type AccessStatus } from '@pure/collaboration-sessions/labels';
import { CodeBox } from '../../components/CodeBox';
import { Facts } from '../../components/Facts';
import { useFieldsForm } from '../../components/FormDialog';
import { WideFormDialog } from '../../components/WideFormDialog';
import { LimitedTextField, tooLong } from '../../components/form-kit';
import { ReasonDialog } from '../../components/ReasonDialog';
import { SectionCard } from '../../components/SectionCard';
import { toast } from '../../components/toast/toast-store';
import { addDays, formatDate, formatDateTime, romeToday, romeToIso } from '../../lib/dates';
import { useCreateStoreAccess, useEndAccess, useRedeemAccess, type StoreAccess } from './api';
import { CodeField, useCodeForm } from './CodeField';
import { ScheduleSessionDialog } from './ScheduleSessionDialog';
import { CollaboratorSelect, CreditsField, creditsOf, PermissionsField, permissionsText } from './SessionParts';

const accessColors: Record<AccessStatus, 'warning' | 'success' | 'default'> = { issued: 'warning', active: 'success', expired: 'default', ended: 'default' };

/** The collaborator redeems the code a shop gave them: from then on the shop can schedule sessions with no purchase. */
export function RedeemAccessCard() {
  const redeem = useRedeemAccess();
  const form = useCodeForm('code', 'Non è stato possibile riscattare il codice. Riprova.', '8 caratteri, con o senza il trattino.', async (code) => {
    const access = await redeem.mutateAsync(code);
    toast({ title: `Accesso permanente a ${access.storeName} attivo fino al ${formatDate(access.expiresAt)}.`, variant: 'success' });
    form.reset();
  });
  return (
    <SectionCard title="Hai un codice di accesso?" icon={<KeyIcon />}>
      <Typography color="text.secondary">
        Un negozio di fiducia può darti un codice di accesso permanente: riscattalo qui una volta sola, poi il negozio programma le sessioni con te.
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={(e) => void form.submit(e)}
        sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 1fr) auto' }, alignItems: 'start' }}
      >
        <CodeField label="Codice di accesso" {...form.field} />
        <Button type="submit" variant="contained" size="large" disabled={redeem.isPending} sx={{ minHeight: 56 }}>
          {redeem.isPending ? 'Caricamento...' : 'Riscatta'}
        </Button>
      </Box>
      {form.formError && (
        <Typography color="error" role="alert">
          {form.formError}
        </Typography>
      )}
    </SectionCard>
  );
}

/** The code of a new access, shown large right after it is made: the shopkeeper gives it to the collaborator. */
function AccessCodeShown({ access, onClose }: { access: StoreAccess; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="access-code-title">
      <DialogTitle id="access-code-title">Accesso creato per {access.collaboratorName}</DialogTitle>
      <DialogContent>
        {access.accessCode && (
          <CodeBox
            label="Codice di accesso"
            code={formatCode(access.accessCode)}
            monospace
            testId="access-code"
            hint={`Dallo a ${access.collaboratorName}: lo riscatta una volta in «Incarichi». Lo ritrovi qui finché non lo usa.`}
          />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose}>
          Fatto
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The shopkeeper gives a trusted collaborator a standing access: until when, with how many AI credits, for which tools. */
/** A standing access's description, as long as the sessions' contract takes it. */
const MAX_ACCESS_DESCRIPTION = 500;

export function NewStoreAccessDialog({ collaborators, onClose }: { collaborators: { id: string; name: string }[]; onClose: () => void }) {
  const create = useCreateStoreAccess();
  const [collaboratorId, setCollaborator] = useState(collaborators.length === 1 ? collaborators[0]!.id : '');
  const [description, setDescription] = useState('');
  const [until, setUntil] = useState(() => addDays(romeToday(), 30));
  const [credits, setCredits] = useState('0');
  const [chosen, setPermissions] = useState<Permission[]>(['products']);
  const form = useFieldsForm('Non è stato possibile creare l’accesso. Riprova.');
  const { errors } = form;
  const [made, setMade] = useState<StoreAccess | null>(null);
  const expiresAt = /^\d{4}-\d{2}-\d{2}$/.test(until) ? romeToIso(until, '23:59') : '';
  const left = expiresAt ? new Date(expiresAt).getTime() - Date.now() : 0;
  const typed = creditsOf(credits);
  const submit = form.submit(
    () => ({
      collaboratorId: collaboratorId ? undefined : 'Scegli il collaboratore.',
      expiresAt: left <= 0 ? 'Scegli un giorno futuro.' : left > MAX_ACCESS_MS ? 'Un accesso dura al massimo un anno.' : undefined,
      credits: 'problem' in typed ? typed.problem : undefined,
      description: tooLong(description, MAX_ACCESS_DESCRIPTION),
      permissions: chosen.length ? undefined : 'Scegli almeno un permesso.',
    }),
    async () => {
      if ('problem' in typed) return;
      setMade(await create.mutateAsync({ collaboratorId, description: description.trim(), expiresAt, credits: typed.credits, permissions: chosen }));
    },
  );
  if (made) return <AccessCodeShown access={made} onClose={onClose} />;

  return (
    <WideFormDialog
      id="new-access-title"
      title="Nuovo accesso permanente"
      text="Per un collaboratore di fiducia: riscatta il codice una volta, poi programmi le sessioni con lui senza acquistare pacchetti, fino alla scadenza."
      error={form.formError}
      submit={{ label: 'Crea l’accesso', busy: create.isPending, onSubmit: (e) => void submit(e) }}
      onClose={onClose}
    >
      <CollaboratorSelect collaborators={collaborators} value={collaboratorId} onChange={setCollaborator} error={errors.collaboratorId} />
      <LimitedTextField
        label="Descrizione (facoltativa)"
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        multiline
        minRows={2}
        limit={MAX_ACCESS_DESCRIPTION}
        error={errors.description}
      />
      <TextField
        label="Valido fino al"
        type="date"
        value={until}
        onChange={(e) => setUntil(e.target.value)}
        error={!!errors.expiresAt}
        helperText={errors.expiresAt ?? 'Fino alla fine di quel giorno, ora di Roma.'}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <CreditsField
        label="Crediti AI"
        value={credits}
        onChange={setCredits}
        error={errors.credits}
        hint="I crediti del negozio che il collaboratore può usare in tutte le sessioni di questo accesso."
      />
      <PermissionsField value={chosen} onChange={setPermissions} error={errors.permissions} hint="Durante le sessioni attive usa questi strumenti del negozio al posto tuo." />
    </WideFormDialog>
  );
}

/** A standing access as each side reads it, with the shopkeeper's code (until redeemed) and moves. */
export function StoreAccessCard({ access: a, reader }: { access: StoreAccess; reader: 'shopkeeper' | 'collaborator' }) {
  const [dialog, setDialog] = useState<'schedule' | 'end' | null>(null);
  const end = useEndAccess();
  const live = a.status === 'issued' || a.status === 'active';
  return (
    <Card component="article" aria-label={`Accesso permanente ${reader === 'shopkeeper' ? `di ${a.collaboratorName}` : `a ${a.storeName}`}`} sx={{ borderRadius: 3 }}>
      <CardContent sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Chip size="small" color={accessColors[a.status]} label={accessStatusLabels[a.status]} />
          <Chip size="small" variant="outlined" label="Accesso permanente" />
        </Box>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {reader === 'shopkeeper' ? a.collaboratorName : a.storeName}
        </Typography>
        {a.description && <Typography sx={{ overflowWrap: 'anywhere' }}>{a.description}</Typography>}
        <Facts
          rows={[
            ['Valido fino al', formatDateTime(a.expiresAt)],
            ['Crediti AI', `${a.creditsUsed} usati su ${a.creditsAllocated}`],
            ['Permessi', permissionsText(a.permissions)],
            ...(a.codeUsedAt ? [['Riscattato il', formatDateTime(a.codeUsedAt)] as [string, string]] : []),
            ...(a.endReason ? [['Motivo della chiusura', a.endReason] as [string, string]] : []),
          ]}
        />
        {reader === 'shopkeeper' && a.status === 'issued' && a.accessCode && (
          <CodeBox label="Codice di accesso" code={formatCode(a.accessCode)} monospace hint={`Dallo a ${a.collaboratorName}: lo riscatta una volta in «Incarichi».`} />
        )}
      </CardContent>
      {reader === 'shopkeeper' && live && (
        <CardActions sx={{ px: 2, pb: 2, pt: 0, flexWrap: 'wrap', gap: 1 }}>
          {a.status === 'active' && (
            <Button variant="contained" onClick={() => setDialog('schedule')}>
              Programma una sessione
            </Button>
          )}
          <Button color="error" onClick={() => setDialog('end')}>
            Termina l’accesso
          </Button>
        </CardActions>
      )}
      {dialog === 'schedule' && (
        <ScheduleSessionDialog of={{ accessId: a.id }} collaboratorName={a.collaboratorName} withAi={a.permissions.includes('ai')} onClose={() => setDialog(null)} />
      )}
      {dialog === 'end' && (
        <ReasonDialog
          id="end-access-title"
          title="Terminare l’accesso?"
          text={`${a.collaboratorName} non potrà più lavorare per il negozio con questo accesso; le sessioni non ancora attivate si annullano.`}
          label="Motivo (facoltativo)"
          optional
          submitLabel="Termina l’accesso"
          danger
          fallback="Non è stato possibile terminare l’accesso."
          done="Accesso terminato."
          send={(reason) => end.mutateAsync({ id: a.id, ...(reason ? { reason } : {}) })}
          onClose={() => setDialog(null)}
        />
      )}
    </Card>
  );
}
