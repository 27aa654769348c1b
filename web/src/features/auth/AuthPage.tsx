import { zodResolver } from '@hookform/resolvers/zod';
import {
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Link as MuiLink,
  FormControl,
  FormControlLabel,
  FormHelperText,
  InputLabel,
  MenuItem,
  Select,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect } from 'react';
import { Controller } from 'react-hook-form';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { usePageTitle, useSiteName } from '../site-settings/api';
import { useAuth, type Registration } from '../../app/auth';
import { accountTypes, loginSchema, registerResolver, type AccountType, type LoginValues, type RegisterValues } from './auth-schemas';
import { useLegalInForce } from '../privacy/api';
import { FormError } from '../../components/FormError';
import { useSentForm } from '../../components/form-kit';

const isAccountType = (value: string | null): value is AccountType => accountTypes.some((t) => t.value === value);

function LoginForm() {
  const { login } = useAuth();
  const navigate = useNavigate();
  const { sent, field, formError, formState } = useSentForm<LoginValues>(
    { resolver: zodResolver(loginSchema), defaultValues: { username: '', password: '' } },
    'Errore durante il login',
  );
  const onSubmit = sent(async (values) => {
    await login(values);
    void navigate('/');
  });
  return (
    <Box component="form" onSubmit={onSubmit} noValidate sx={{ display: 'grid', gap: 2 }} aria-label="Accedi">
      <FormError>{formError}</FormError>
      <TextField label="Username" required autoComplete="username" {...field('username')} />
      <TextField label="Password" type="password" required autoComplete="current-password" {...field('password')} />
      <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Caricamento...' : 'Accedi'}
      </Button>
    </Box>
  );
}

function RegisterForm({ role }: { role: AccountType }) {
  const { register: registerUser } = useAuth();
  const navigate = useNavigate();
  const {
    sent,
    field: fieldOf,
    formError,
    formState,
    control,
    setValue,
  } = useSentForm<RegisterValues>(
    { resolver: registerResolver, defaultValues: { username: '', name: '', email: '', password: '', confirmPassword: '', role, terms: false, marketing: false } },
    'Errore durante la registrazione',
  );
  useEffect(() => setValue('role', role), [role, setValue]);

  // The versions of the terms and the privacy policy the tick accepts (issue [21]); the server checks they are still in force.
  const legal = useLegalInForce();
  // The confirmation stays in the page: the server gets the five fields of spec §7, the terms accepted in their versions and the marketing consent when given.
  const onSubmit = sent(async ({ confirmPassword: _confirm, terms: _terms, marketing, ...values }) => {
    const accepted = { acceptTerms: true, ...(legal.data ? { termsVersion: legal.data.terms, privacyVersion: legal.data.privacy } : {}), ...(marketing ? { marketing } : {}) };
    await registerUser({ ...values, ...accepted } satisfies Registration);
    // A new collaborator goes on to the profile shops will see (coverage area, services); the others home.
    void navigate(values.role === 'collaborator' ? '/collaborator/register' : '/');
  });

  // Marked required for people and assistive technology; the form's noValidate leaves the messages to the schema.
  const field = (name: 'username' | 'name' | 'email' | 'password' | 'confirmPassword') => ({ ...fieldOf(name), required: true });

  return (
    <Box component="form" onSubmit={onSubmit} noValidate sx={{ display: 'grid', gap: 2 }} aria-label="Registrati">
      <FormError>{formError}</FormError>
      <TextField label="Username" autoComplete="username" {...field('username')} />
      <TextField label="Nome completo" autoComplete="name" {...field('name')} />
      <TextField label="E-mail" type="email" autoComplete="email" {...field('email')} />
      <TextField label="Password" type="password" autoComplete="new-password" {...field('password')} />
      <TextField label="Conferma password" type="password" autoComplete="new-password" {...field('confirmPassword')} />
      <Controller
        name="role"
        control={control}
        render={({ field: f, fieldState }) => (
          <FormControl required error={!!fieldState.error}>
            <InputLabel id="account-type">Tipo di account</InputLabel>
            <Select labelId="account-type" label="Tipo di account" {...f}>
              {accountTypes.map((t) => (
                <MenuItem key={t.value} value={t.value}>
                  {t.label}
                </MenuItem>
              ))}
            </Select>
            {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
          </FormControl>
        )}
      />
      <Controller
        name="terms"
        control={control}
        render={({ field: f, fieldState }) => (
          <FormControl required error={!!fieldState.error}>
            <FormControlLabel
              required
              control={<Checkbox required checked={f.value} onChange={(e) => f.onChange(e.target.checked)} />}
              label={
                <>
                  Accetto i{' '}
                  <MuiLink href="/termini" target="_blank" rel="noopener">
                    termini e le condizioni
                  </MuiLink>{' '}
                  e ho letto l’
                  <MuiLink href="/privacy" target="_blank" rel="noopener">
                    informativa sulla privacy
                  </MuiLink>
                  {legal.data ? ` (versioni ${legal.data.terms} e ${legal.data.privacy})` : ''}
                </>
              }
            />
            {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
          </FormControl>
        )}
      />
      <Controller
        name="marketing"
        control={control}
        render={({ field: f }) => (
          <FormControlLabel
            control={<Checkbox checked={f.value} onChange={(e) => f.onChange(e.target.checked)} />}
            label="Voglio ricevere e-mail promozionali con le offerte dei negozi vicini (facoltativo: puoi cambiare idea quando vuoi)"
          />
        )}
      />
      <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Caricamento...' : 'Crea il tuo account'}
      </Button>
    </Box>
  );
}

/** /auth: login and registration tabs; `?role=` preselects the account type and opens registration. */
export default function AuthPage() {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const roleParam = params.get('role');
  const role: AccountType = isAccountType(roleParam) ? roleParam : 'customer';
  const tab = params.get('tab') === 'register' || isAccountType(roleParam) ? 'register' : 'login';
  usePageTitle(tab === 'register' ? 'Registrati' : 'Accedi');
  const siteName = useSiteName();
  // Signed in (just now, or before): home; a collaborator who registers goes on to the profile shops will see.
  if (user) return <Navigate to={user.role === 'collaborator' && tab === 'register' ? '/collaborator/register' : '/'} replace />;

  return (
    <Box sx={{ display: 'grid', placeItems: 'start center', px: 2, py: { xs: 3, sm: 6 } }}>
      <Card sx={{ width: '100%', maxWidth: 480 }}>
        <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
          <Typography variant="h2" component="h1" sx={{ fontSize: '1.6rem', mb: 1 }}>
            {tab === 'register' ? `Unisciti a ${siteName}` : `Bentornato su ${siteName}`}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {tab === 'register' ? 'Crea il tuo account in un minuto.' : 'Accedi per ordinare e seguire i tuoi negozi.'}
          </Typography>
          <Tabs value={tab} onChange={(_, value: string) => setParams(value === 'register' ? { tab: 'register', role } : {})} variant="fullWidth" sx={{ mb: 3 }}>
            <Tab value="login" label="Accedi" />
            <Tab value="register" label="Registrati" />
          </Tabs>
          {tab === 'login' ? <LoginForm /> : <RegisterForm role={role} />}
        </CardContent>
      </Card>
    </Box>
  );
}
