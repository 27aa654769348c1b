import { Box, Button, Container, Link as MuiLink, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { usePageTitle, useSiteName } from '../site-settings/api';

/** When the statement was last reviewed against the site (Rome's calendar). */
const reviewed = '30 novembre 2026';

/** A topic of the statement: its title and what it says. */
function Topic({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" sx={{ p: { xs: 2.5, md: 4 }, borderRadius: 4 }}>
      <Typography variant="h2" sx={{ fontSize: { xs: '1.3rem', md: '1.5rem' }, mb: 1.5 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'grid', gap: 1.5, color: 'text.secondary', '& ul': { m: 0, pl: 3, display: 'grid', gap: 1 } }}>{children}</Box>
    </Paper>
  );
}

/**
 * /accessibilita — the accessibility statement: how far the site meets WCAG 2.2 AA, how that is
 * checked (axe-core in the browser journeys, a keyboard-only journey), the known limits, and how to
 * report a barrier (the contact form, its subject filled in).
 */
export default function AccessibilityPage() {
  const siteName = useSiteName();
  usePageTitle('Dichiarazione di accessibilità');
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 }, display: 'grid', gap: { xs: 2, md: 3 } }}>
      <Box>
        <Typography variant="h1" sx={{ fontSize: { xs: '2rem', md: '2.6rem' }, mb: 1, overflowWrap: 'break-word', hyphens: 'auto' }}>
          Dichiarazione di accessibilità
        </Typography>
        <Typography sx={{ fontSize: { xs: '1.05rem', md: '1.2rem' }, color: 'text.secondary' }}>
          {siteName} vuole essere usabile da tutti: con un lettore di schermo, solo con la tastiera, con lo zoom o con i colori del sistema. Qui trovi a che punto siamo, come lo
          verifichiamo e come segnalarci un ostacolo.
        </Typography>
      </Box>

      <Topic title="Stato di conformità">
        <Typography>
          Il sito è <strong>parzialmente conforme</strong> alle Linee guida per l’accessibilità dei contenuti web (WCAG) 2.2, livello AA, richiamate dalla norma europea EN 301 549:
          le parti che non lo sono ancora del tutto sono elencate qui sotto, con l’alternativa che offriamo.
        </Typography>
        <Typography>
          Come servizio di commercio elettronico rivolto ai consumatori, {siteName} rientra nell’Atto europeo sull’accessibilità (European Accessibility Act, direttiva UE 2019/882,
          recepita in Italia con il D.lgs. 82/2022 e in vigore dal 28 giugno 2025): questa dichiarazione descrive come il servizio risponde ai suoi requisiti, che rimandano alla
          stessa norma EN 301 549. L’autorità che vigila sul rispetto di questi requisiti per i servizi è l’AgID (Agenzia per l’Italia Digitale), a cui puoi rivolgerti se la nostra
          risposta a una tua segnalazione non ti soddisfa.
        </Typography>
      </Topic>

      <Topic title="Come lo verifichiamo">
        <ul>
          <li>
            A ogni modifica del sito, i percorsi automatici nel browser aprono le pagine di clienti, negozianti, collaboratori e amministratori e le controllano con axe-core sulle
            regole WCAG 2.2 di livello A e AA: una violazione grave o critica ferma il rilascio.
          </li>
          <li>Un percorso usa solo la tastiera: cerca un prodotto, lo mette nel carrello e completa l’ordine.</li>
          <li>Ogni pagina è provata a 375 e a 1280 pixel di larghezza, senza scorrimento orizzontale.</li>
          <li>Il testo sui colori del marchio scelti dall’amministratore è calcolato per avere un contrasto di almeno 4,5:1.</li>
        </ul>
      </Topic>

      <Topic title="Limiti noti">
        <ul>
          <li>
            Le mappe (i negozi vicini, l’area di un collaboratore) si usano meglio con il mouse o il tocco. Ogni informazione delle mappe è anche altrove: i risultati sono in un
            elenco, l’area si imposta con l’indirizzo e il raggio.
          </li>
          <li>Le foto dei prodotti e dei negozi sono caricate dai negozianti: il testo alternativo è il nome del prodotto o del negozio, non una descrizione della foto.</li>
          <li>I controlli automatici trovano molti ostacoli, non tutti: per questo ci sono le tue segnalazioni.</li>
        </ul>
      </Topic>

      <Topic title="Segnala un ostacolo">
        <Typography>
          Se una pagina non riesci a usarla, o un contenuto non ti arriva, scrivici: indica la pagina e cosa stavi facendo. Ti rispondiamo via e-mail entro 30 giorni, e se serve ti
          diamo l’informazione in un altro modo.
        </Typography>
        <Box>
          <Button component={Link} to="/contatti?oggetto=Segnalazione%20di%20accessibilit%C3%A0" variant="contained">
            Segnala un ostacolo
          </Button>
        </Box>
        <Typography>
          Se la risposta non arriva o non ti soddisfa, puoi rivolgerti all’Agenzia per l’Italia Digitale (AgID), che vigila sull’accessibilità dei servizi digitali:{' '}
          <MuiLink href="https://www.agid.gov.it/it/design-servizi/accessibilita" target="_blank" rel="noopener noreferrer">
            la pagina di AgID sull’accessibilità
          </MuiLink>
          .
        </Typography>
      </Topic>

      <Typography variant="body2" color="text.secondary">
        Dichiarazione aggiornata il {reviewed}.
      </Typography>
    </Container>
  );
}
