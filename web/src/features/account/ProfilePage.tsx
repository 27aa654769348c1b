import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, TextField } from '@mui/material';
import type { FormEvent, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ApiError, errorText } from '../../lib/client';
import { useChangePassword, useUpdateProfile } from './api';
import { roleLabels } from '../../lib/types';
import { useAuth } from '../../app/auth';
import { toast } from '../../components/toast/toast-store';
import { DashboardHeader } from '../../components/DashboardHeader';
import { FormSection, useSentForm } from '../../components/form-kit';
import { passwordSchema, profileSchema, type PasswordValues, type ProfileValues } from './profile-schema';
import { FormError } from '../../components/FormError';

/** /customer/profile — name and e-mail, and a new password; the notices and devices are in /customer/settings, linked below. */
export default function ProfilePage() {
  const { user } = useAuth();
  return (
    <>
      <DashboardHeader title="Il mio profilo" subtitle={`${user!.username} · ${roleLabels[user!.role]}`} />
      <Box sx={{ display: 'grid', gap: 2, maxWidth: 720 }}>
        <ProfileForm />
        <PasswordForm />
        <FormSection title="Avvisi e dispositivi" description="Quali avvisi ti arrivano e come, e le sessioni aperte, sono nelle impostazioni.">
          <Button component={RouterLink} to="/customer/settings" variant="outlined" sx={{ justifySelf: 'start' }}>
            Vai alle impostazioni
          </Button>
        </FormSection>
      </Box>
    </>
  );
}

export function ProfileForm({ description = 'Il nome e l’e-mail che i negozi vedono nei tuoi ordini.' }: { description?: string }) {
  const { user } = useAuth();
  const update = useUpdateProfile();
  const { sent, reset, field, formError, formState } = useSentForm<ProfileValues>(
    { resolver: zodResolver(profileSchema), defaultValues: { name: user!.name, email: user!.email } },
    'Profilo non aggiornato: riprova tra poco.',
  );
  const onSubmit = sent(async (values) => {
    const saved = await update.mutateAsync(values);
    reset({ name: saved.name, email: saved.email });
    toast({ title: 'Profilo aggiornato', variant: 'success' });
  });
  return (
    <SectionForm
      title="Dati personali"
      description={description}
      onSubmit={onSubmit}
      error={formError}
      submit={{ label: 'Salva le modifiche', busy: formState.isSubmitting, disabled: !formState.isDirty }}
    >
      <TextField label="Nome completo" autoComplete="name" {...field('name')} />
      <TextField label="E-mail" type="email" autoComplete="email" {...field('email')} />
    </SectionForm>
  );
}

export function PasswordForm() {
  const change = useChangePassword();
  const fallback = 'Password non cambiata: riprova tra poco.';
  const { sent, reset, setError, field, formError, formState } = useSentForm<PasswordValues>(
    { resolver: zodResolver(passwordSchema), defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' } },
    fallback,
  );
  const onSubmit = sent(async ({ currentPassword, newPassword }) => {
    try {
      await change.mutateAsync({ currentPassword, newPassword });
    } catch (error) {
      // Refused without saying which field: the current password is the wrong one.
      if (error instanceof ApiError && error.status === 422 && !error.fieldErrors.currentPassword) setError('currentPassword', { message: errorText(error, fallback) });
      throw error;
    }
    reset();
    toast({ title: 'Password cambiata', description: 'Dalla prossima volta accedi con la nuova password.', variant: 'success' });
  });
  return (
    <SectionForm
      title="Cambia password"
      description="Almeno 6 caratteri. Ti serve la password attuale."
      onSubmit={onSubmit}
      error={formError}
      submit={{ label: 'Cambia password', busy: formState.isSubmitting }}
    >
      <TextField label="Password attuale" type="password" autoComplete="current-password" {...field('currentPassword')} />
      <TextField label="Nuova password" type="password" autoComplete="new-password" {...field('newPassword')} />
      <TextField label="Conferma password" type="password" autoComplete="new-password" {...field('confirmPassword')} />
    </SectionForm>
  );
}

/** A form in its titled section (named by the title): why the last try failed, its fields, and its button (not before a change, when `disabled`). */
function SectionForm({
  title,
  description,
  onSubmit,
  error,
  submit,
  children,
}: {
  title: string;
  description: string;
  onSubmit: (event: FormEvent) => void;
  error: string | null;
  submit: { label: string; busy: boolean; disabled?: boolean };
  children: ReactNode;
}) {
  return (
    <FormSection title={title} description={description}>
      <Box component="form" onSubmit={onSubmit} noValidate aria-label={title} sx={{ display: 'grid', gap: 2 }}>
        <FormError>{error}</FormError>
        {children}
        <Button type="submit" variant="contained" disabled={submit.busy || submit.disabled} sx={{ justifySelf: 'start' }}>
          {submit.busy ? 'Salvataggio…' : submit.label}
        </Button>
      </Box>
    </FormSection>
  );
}
