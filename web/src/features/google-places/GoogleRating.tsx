import StarIcon from '@mui/icons-material/Star';
import { Box, Link, Paper, Typography } from '@mui/material';
import { formatRating } from '../../lib/text';
import type { ShownGooglePlace } from './api';

/**
 * A shop's rating and photo on Google (issue [22]), beside Vicino's own reviews: said to be Google's,
 * its reviews one click away on Google Maps, the photo credited to its author as Google asks.
 */
export function GoogleRating({ place }: { place: ShownGooglePlace }) {
  if (place.rating === null && place.photoUrl === null) return null;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="google-rating-title"
      sx={{ p: 2, borderRadius: 3, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
    >
      {place.photoUrl && (
        <Box component="figure" sx={{ m: 0, width: { xs: '100%', sm: 200 }, flexShrink: 0 }}>
          <Box
            component="img"
            src={place.photoUrl}
            alt="Foto del negozio su Google"
            loading="lazy"
            sx={{ width: '100%', aspectRatio: '3 / 2', objectFit: 'cover', borderRadius: 2, display: 'block' }}
          />
          {place.photoAuthor && (
            <Typography component="figcaption" variant="caption" color="text.secondary">
              Foto:{' '}
              {place.photoAuthorUri ? (
                <Link href={place.photoAuthorUri} target="_blank" rel="noopener noreferrer">
                  {place.photoAuthor}
                </Link>
              ) : (
                place.photoAuthor
              )}
            </Typography>
          )}
        </Box>
      )}
      <Box sx={{ minWidth: 0 }}>
        <Typography id="google-rating-title" component="h2" sx={{ fontWeight: 700 }}>
          Su Google
        </Typography>
        {place.rating !== null && (
          <Typography sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <StarIcon fontSize="small" sx={{ color: 'secondary.main' }} aria-hidden />
            <span>
              {formatRating(place.rating)} su 5
              {place.reviewCount !== null ? ` · ${place.reviewCount.toLocaleString('it-IT')} ${place.reviewCount === 1 ? 'recensione' : 'recensioni'}` : ''}
            </span>
          </Typography>
        )}
        {place.mapsUri && (
          <Link href={place.mapsUri} target="_blank" rel="noopener noreferrer" variant="body2">
            Leggi le recensioni su Google Maps
          </Link>
        )}
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          Valutazione e foto fornite da Google
        </Typography>
      </Box>
    </Paper>
  );
}
