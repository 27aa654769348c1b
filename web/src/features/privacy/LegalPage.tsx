import { Alert, Box, Container, Link as MuiLink, Paper, Skeleton, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useEffect } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { errorText } from '../../lib/client';
import { formatDate } from '../../lib/dates';
import { usePageTitle } from '../site-settings/api';
import { useLegalDocument, useRetention, type LegalDocument } from './api';
import { LegalText } from './LegalText';

/** The cookies and the browser's storage the site uses: all technical (issue [21]). */
const cookies: { name: string; what: string; lasts: string }[] = [
  { name: 'vicino_session', what: 'Ti tiene collegato al tuo account (cookie tecnico, firmato e cifrato).', lasts: '30 giorni' },
  { name: 'vicino_device', what: 'Riconosce un dispositivo da cui hai già fatto accesso, per proteggerti da chi prova a indovinare la password.', lasts: '180 giorni' },
  { name: 'vicino-avviso-cookie', what: 'Ricorda che hai letto l’avviso sui cookie (memoria del browser, non un cookie).', lasts: 'Finché non la cancelli' },
];

function Versions({ document, path }: { document: LegalDocument; path: string }) {
  if (document.versions.length < 2) return null;
  return (
    <Paper component="section" variant="outlined" sx={{ p: { xs: 2, md: 3 }, borderRadius: 4 }} aria-labelledby="versioni">
      <Typography id="versioni" variant="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
        Versioni
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 3, display: 'grid', gap: 0.5 }}>
        {document.versions.map((v) => (
          <li key={v.version}>
            <MuiLink
              component={Link}
              to={v.version === document.versions[0]!.version ? path : `${path}?versione=${v.version}`}
              aria-current={v.version === document.version ? 'page' : undefined}
            >
              Versione {v.version}, del {formatDate(v.publishedAt)}
            </MuiLink>
            {v.note ? ` — ${v.note}` : ''}
          </li>
        ))}
      </Box>
    </Paper>
  );
}

/** The retention table of the privacy policy, from the code's own table (privacy/retention.ts). */
function RetentionTable() {
  const { data, isPending, error } = useRetention();
  return (
    <Paper component="section" tabIndex={0} variant="outlined" sx={{ p: { xs: 2, md: 3 }, borderRadius: 4, overflowX: 'auto' }} aria-labelledby="conservazione">
      <Typography id="conservazione" variant="h2" sx={{ fontSize: '1.3rem', mb: 1 }}>
        Per quanto tempo conserviamo i dati
      </Typography>
      {isPending && <Skeleton variant="rounded" height={200} />}
      {error && <Alert severity="error">{errorText(error, 'Tempi di conservazione non disponibili: riprova tra poco.')}</Alert>}
      {data && (
        <Table size="small" aria-labelledby="conservazione">
          <TableHead>
            <TableRow>
              <TableCell>Dato</TableCell>
              <TableCell>Per quanto</TableCell>
              <TableCell>Perché</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((rule) => (
              <TableRow key={rule.key}>
                <TableCell sx={{ minWidth: 160 }}>{rule.what}</TableCell>
                <TableCell sx={{ minWidth: 110 }}>{rule.keptFor}</TableCell>
                <TableCell sx={{ minWidth: 200 }}>{rule.why}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}

function CookieSection() {
  return (
    <Paper component="section" id="cookie" tabIndex={0} variant="outlined" sx={{ p: { xs: 2, md: 3 }, borderRadius: 4, overflowX: 'auto' }} aria-labelledby="cookie-titolo">
      <Typography id="cookie-titolo" variant="h2" sx={{ fontSize: '1.3rem', mb: 1 }}>
        Cookie
      </Typography>
      <Typography sx={{ mb: 1.5 }}>
        Usiamo solo cookie tecnici, necessari al funzionamento del sito: non servono il tuo consenso e non ti profilano. Nessun cookie di terze parti. Se l’amministrazione attiva
        la misura delle e-mail, ti chiediamo il consenso prima di misurare le tue, e puoi cambiarlo quando vuoi da «Privacy e dati».
      </Typography>
      <Table size="small" aria-labelledby="cookie-titolo">
        <TableHead>
          <TableRow>
            <TableCell>Nome</TableCell>
            <TableCell>A cosa serve</TableCell>
            <TableCell>Durata</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {cookies.map((cookie) => (
            <TableRow key={cookie.name}>
              <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{cookie.name}</TableCell>
              <TableCell sx={{ minWidth: 200 }}>{cookie.what}</TableCell>
              <TableCell sx={{ minWidth: 90 }}>{cookie.lasts}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

/**
 * /privacy and /termini: the privacy policy (with the retention table and the cookies) and the
 * terms, in the version in force or the one asked (?versione=N), with every version listed.
 */
function LegalPage({ kind, path }: { kind: LegalDocument['kind']; path: string }) {
  const [params] = useSearchParams();
  const asked = Number(params.get('versione')) || undefined;
  const { data, error, isPending } = useLegalDocument(kind, asked);
  usePageTitle(data?.title ?? (kind === 'privacy' ? 'Informativa sulla privacy' : 'Termini e condizioni'));
  // A link to a section (the cookie notice's «#cookie») reaches it once the text has come.
  const { hash } = useLocation();
  useEffect(() => {
    if (data && hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [data, hash]);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 }, display: 'grid', gap: { xs: 2, md: 3 } }}>
      {isPending && <Skeleton variant="rounded" height={320} />}
      {error && <Alert severity="error">{errorText(error, 'Documento non disponibile: riprova tra poco.')}</Alert>}
      {data && (
        <>
          <Box>
            <Typography variant="h1" sx={{ fontSize: { xs: '2rem', md: '2.6rem' }, mb: 1, overflowWrap: 'break-word', hyphens: 'auto' }}>
              {data.title}
            </Typography>
            <Typography color="text.secondary">
              Versione {data.version}, {data.current ? 'in vigore dal' : 'pubblicata il'} {formatDate(data.publishedAt)}
            </Typography>
            {!data.current && (
              <Alert severity="info" sx={{ mt: 1 }}>
                Questa è una versione precedente.{' '}
                <MuiLink component={Link} to={path}>
                  Leggi quella in vigore
                </MuiLink>
                .
              </Alert>
            )}
          </Box>
          <Paper component="article" variant="outlined" sx={{ p: { xs: 2.5, md: 4 }, borderRadius: 4 }}>
            <LegalText body={data.body} />
          </Paper>
          {kind === 'privacy' && data.current && (
            <>
              <RetentionTable />
              <CookieSection />
            </>
          )}
          <Versions document={data} path={path} />
        </>
      )}
    </Container>
  );
}

export function PrivacyPolicyPage() {
  return <LegalPage kind="privacy" path="/privacy" />;
}

export function TermsPage() {
  return <LegalPage kind="terms" path="/termini" />;
}
