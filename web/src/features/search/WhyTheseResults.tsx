import { Box, Typography } from '@mui/material';
import { km } from '../../lib/text';
import { sortOf, type SearchFilters } from './search-filters';

/**
 * «Perché vedo questi risultati» (issue [21]; Codice del Consumo art. 22, Omnibus; DSA art. 27): the
 * main parameters that order a list of products or of shops, as the search applies them, and that
 * no place in the list is paid for.
 */
export function WhyTheseResults({ about, filters, placeLabel }: { about: 'products' | 'shops'; filters: SearchFilters; placeLabel: string }) {
  const sort = sortOf(filters);
  const within = `Solo ${about === 'products' ? 'i prodotti dei negozi' : 'i negozi'} entro ${km(filters.radius)} da ${placeLabel}${filters.category ? ', della categoria scelta' : ''}.`;
  const order =
    about === 'shops'
      ? 'Ordinati per distanza: prima i più vicini.'
      : sort === 'relevance'
        ? 'Ordinati per pertinenza: quanto il nome e la descrizione del prodotto corrispondono alle parole cercate (il nome conta più della descrizione); a pari pertinenza, il più vicino.'
        : sort === 'price'
          ? 'Ordinati per prezzo, dal più basso; a parità di prezzo, il più vicino.'
          : 'Ordinati per distanza: prima i prodotti dei negozi più vicini.';
  const words =
    about === 'products' && filters.q
      ? ' Prima i prodotti che corrispondono alle parole come le hai scritte, poi quelli trovati correggendo un errore di battitura o con parole dal significato vicino, poi quelli dello stesso tipo.'
      : '';
  const available = about === 'products' ? ' A parità, prima i prodotti disponibili e i negozi aperti ora.' : '';
  return (
    <Box component="details" sx={{ mb: 1.5, '& summary': { cursor: 'pointer', color: 'text.secondary', typography: 'body2' } }}>
      <summary>Perché vedo questi risultati</summary>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {within} {order}
        {words}
        {available} Nessun risultato è sponsorizzato: i negozi non pagano per comparire prima, e il piano acquistato da un negozio non cambia l’ordine.
      </Typography>
    </Box>
  );
}
