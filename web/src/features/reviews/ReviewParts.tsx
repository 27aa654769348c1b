import StarIcon from '@mui/icons-material/Star';
import VerifiedIcon from '@mui/icons-material/VerifiedOutlined';
import RateReviewIcon from '@mui/icons-material/RateReviewOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Rating,
  Skeleton,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { FormDialog } from '../../components/FormDialog';
import { LimitedTextField, tooLong } from '../../components/form-kit';
import { toast } from '../../components/toast/toast-store';
import { errorText } from '../../lib/client';
import { formatDate } from '../../lib/dates';
import { formatRating } from '../../lib/text';
import { criteria, criterionLabels, MAX_COMMENT, MAX_POINTS, MAX_REPLY, reviewFieldLabels, reviewerTypeLabels, type Criterion } from '@pure/reviews/labels';
import { AiButton } from '../ai/AiButton';
import { usePublicReviews, useReply, useSubmitReview, useToWrite, useWritten, type PublicReview, type Review, type ToWrite } from './api';

/** "★ 4,5" with its reading for screen readers. */
export function Stars({ value, size = 'small' }: { value: number; size?: 'small' | 'medium' }) {
  return (
    <Box component="span" role="img" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }} aria-label={`Valutazione ${formatRating(value)} su 5`}>
      <Rating value={value} precision={0.5} readOnly size={size} aria-hidden />
      <Typography component="span" variant="body2" sx={{ fontWeight: 600 }} aria-hidden>
        {formatRating(value)}
      </Typography>
    </Box>
  );
}

/** A rating of 1–5 stars to pick, labelled; `required` says so beside the label. */
function StarsField({
  label,
  value,
  onChange,
  required,
  error,
}: {
  label: string;
  value: number | null;
  onChange: (v: number | null) => void;
  required?: boolean;
  error?: string | null;
}) {
  const id = `stars-${label.replace(/\W+/g, '-')}`;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
      <Typography id={id} component="span" variant="body2" sx={{ fontWeight: required ? 600 : 400 }}>
        {label}
        {required ? ' *' : ''}
      </Typography>
      <Box role="radiogroup" aria-labelledby={id}>
        <Rating name={id} value={value} onChange={(_, v) => onChange(v)} size="large" getLabelText={(v) => `${v} ${v === 1 ? 'stella' : 'stelle'}`} />
        {error && (
          <Typography variant="caption" color="error" sx={{ display: 'block' }} role="alert">
            {error}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

/** Yes, no, or not said. */
function YesNo({ label, value, onChange }: { label: string; value: boolean | null; onChange: (v: boolean | null) => void }) {
  return (
    <FormControl>
      <FormLabel sx={{ fontSize: '0.875rem' }}>{label}</FormLabel>
      <RadioGroup row value={value === null ? '' : String(value)} onChange={(e) => onChange(e.target.value === '' ? null : e.target.value === 'true')}>
        <FormControlLabel value="true" control={<Radio size="small" />} label="Sì" />
        <FormControlLabel value="false" control={<Radio size="small" />} label="No" />
      </RadioGroup>
    </FormControl>
  );
}

/**
 * The review of a completed session (every criterion) or order (stars and a comment). Sent once:
 * it cannot be changed afterwards, and a session's stays hidden from the other side until they
 * write theirs or 14 days pass.
 */
export function ReviewDialog({ target, onClose }: { target: Pick<ToWrite, 'subjectType' | 'subjectId' | 'revieweeName' | 'deadline'>; onClose: () => void }) {
  const submit = useSubmitReview();
  const session = target.subjectType === 'session';
  const [overall, setOverall] = useState<number | null>(null);
  const [stars, setStars] = useState<Record<Criterion, number | null>>({ quality: null, punctuality: null, communication: null, professionalism: null });
  const [comment, setComment] = useState('');
  const [wouldRecommend, setWouldRecommend] = useState<boolean | null>(null);
  const [wouldWorkAgain, setWouldWorkAgain] = useState(true);
  const [positivePoints, setPositivePoints] = useState('');
  const [improvementAreas, setImprovementAreas] = useState('');
  const [missing, setMissing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const send = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!overall) return setMissing('Scegli da 1 a 5 stelle.');
    setMissing(null);
    // A text over its limit says so under it: nothing is sent, nothing is cut.
    if (tooLong(comment, MAX_COMMENT) || (session && (tooLong(positivePoints, MAX_POINTS) || tooLong(improvementAreas, MAX_POINTS)))) return;
    const request = session
      ? {
          subjectType: 'session' as const,
          subjectId: target.subjectId,
          body: { overallRating: overall, ...stars, comment, wouldRecommend, wouldWorkAgain, positivePoints, improvementAreas },
        }
      : { subjectType: 'order' as const, subjectId: target.subjectId, body: { overallRating: overall, comment } };
    submit.mutate(request, {
      onSuccess: (r) => {
        toast({
          title: r.published ? 'Recensione pubblicata: grazie!' : 'Recensione inviata: sarà visibile quando anche l’altra parte avrà scritto la sua, o tra 14 giorni.',
          variant: 'success',
        });
        onClose();
      },
      onError: (e) => setError(errorText(e, 'Non è stato possibile inviare la recensione: riprova tra poco.')),
    });
  };
  return (
    <FormDialog
      id="review-title"
      title={`Recensisci ${target.revieweeName}`}
      text={
        session
          ? `Entro il ${formatDate(target.deadline)}. La tua recensione resta nascosta finché anche l’altra parte non scrive la sua, o fino alla scadenza; una volta inviata non si può modificare.`
          : `Entro il ${formatDate(target.deadline)}. La recensione è pubblica sulla pagina del negozio e non si può modificare.`
      }
      error={error}
      submit={{ label: 'Invia recensione', busy: submit.isPending, onSubmit: send }}
      onClose={onClose}
      maxWidth="sm"
    >
      <Stack spacing={1.5}>
        <StarsField label={session ? reviewFieldLabels.overallRating : 'Valutazione'} value={overall} onChange={setOverall} required error={missing} />
        {session && criteria.map((c) => <StarsField key={c} label={criterionLabels[c]} value={stars[c]} onChange={(v) => setStars((s) => ({ ...s, [c]: v }))} />)}
        <LimitedTextField label={reviewFieldLabels.comment} value={comment} onChange={(e) => setComment(e.target.value)} multiline minRows={3} limit={MAX_COMMENT} />
        {session && (
          <>
            <YesNo label={reviewFieldLabels.wouldRecommend} value={wouldRecommend} onChange={setWouldRecommend} />
            <FormControlLabel control={<Switch checked={wouldWorkAgain} onChange={(e) => setWouldWorkAgain(e.target.checked)} />} label={reviewFieldLabels.wouldWorkAgain} />
            <LimitedTextField
              label={reviewFieldLabels.positivePoints}
              value={positivePoints}
              onChange={(e) => setPositivePoints(e.target.value)}
              multiline
              minRows={2}
              limit={MAX_POINTS}
            />
            <LimitedTextField
              label={reviewFieldLabels.improvementAreas}
              value={improvementAreas}
              onChange={(e) => setImprovementAreas(e.target.value)}
              multiline
              minRows={2}
              limit={MAX_POINTS}
            />
          </>
        )}
      </Stack>
    </FormDialog>
  );
}

/**
 * «Lascia una recensione» on a completed session or order, while it awaits my review; once
 * written (read from my written reviews, so it holds after a reload), what I gave and whether the
 * other side sees it yet. Nothing for what cannot be reviewed (not completed, the window over).
 */
export function LeaveReview({ subjectType, subjectId }: { subjectType: 'session' | 'order'; subjectId: string }) {
  const toWrite = useToWrite();
  const written = useWritten();
  const [open, setOpen] = useState(false);
  const mine = written.data?.find((r) => r.subjectId === subjectId);
  const item = toWrite.data?.find((w) => w.subjectType === subjectType && w.subjectId === subjectId);
  if (mine) {
    return (
      <Alert severity="success" icon={<RateReviewIcon />}>
        La tua recensione: {mine.overallRating}/5 · {mine.published ? 'visibile' : `nascosta fino al ${formatDate(mine.windowEndsAt)} o alla recensione dell’altra parte`}.
      </Alert>
    );
  }
  if (!item) return null;
  return (
    <>
      <Alert
        severity="info"
        icon={<RateReviewIcon />}
        action={
          <Button variant="contained" size="small" onClick={() => setOpen(true)}>
            Lascia una recensione
          </Button>
        }
        sx={{ alignItems: 'center', flexWrap: 'wrap' }}
      >
        Com’è andata con {item.revieweeName}? Puoi lasciare una recensione entro il {formatDate(item.deadline)}.
      </Alert>
      {open && <ReviewDialog target={item} onClose={() => setOpen(false)} />}
    </>
  );
}

/** The criteria given, as "Qualità ★ 4". */
function CriteriaLine({ review }: { review: Pick<PublicReview, Criterion> }) {
  const given = criteria.filter((c) => review[c] !== null);
  if (!given.length) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}>
      {given.map((c) => (
        <Typography key={c} variant="body2" color="text.secondary" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25 }}>
          {criterionLabels[c]} <StarIcon sx={{ fontSize: 14, color: 'secondary.main' }} aria-hidden /> {review[c]}
        </Typography>
      ))}
    </Box>
  );
}

/**
 * Every review follows what it reviews (issue [21], Omnibus and DSA): a shop's, an order of the
 * reviewer completed with it; a session's, that session completed between the two. The review says
 * which; «Come verifichiamo le recensioni» says how.
 */
const verifiedLabels: Record<PublicReview['subjectType'], string> = { order: 'Acquisto verificato', session: 'Sessione verificata' };

/** How Vicino checks its reviews, beside every list of them. */
export function HowReviewsAreChecked({ about }: { about: 'stores' | 'collaborators' }) {
  return (
    <Box component="details" sx={{ '& summary': { cursor: 'pointer', color: 'text.secondary', typography: 'body2' } }}>
      <summary>Come verifichiamo le recensioni</summary>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {about === 'stores'
          ? 'Un negozio si può recensire solo dopo un ordine completato con lui (ritirato o consegnato), entro 14 giorni: ogni recensione nasce da un acquisto verificato e lo dice. '
          : 'Un collaboratore si può recensire solo dopo una sessione di lavoro completata con lui, entro 14 giorni; le due parti si leggono solo quando entrambe hanno scritto o passati i 14 giorni. '}
        Non paghiamo, non premiamo e non scegliamo le recensioni: le pubblichiamo tutte, positive e negative, e togliamo solo quelle false o offensive che ci vengono segnalate, mai
        per il voto. La media conta tutte le recensioni pubblicate.
      </Typography>
    </Box>
  );
}

/** One review: who, when, the stars, the criteria, the texts, and the shop's answer. */
export function ReviewCard({ review, who, status, actions }: { review: PublicReview | Review; who: string; status?: React.ReactNode; actions?: React.ReactNode }) {
  return (
    <Card variant="outlined">
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{who}</Typography>
          <Stars value={review.overallRating} />
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Typography variant="body2" color="text.secondary">
            {formatDate(review.submittedAt)}
            {status ? ' · ' : ''}
            {status}
          </Typography>
          <Chip size="small" variant="outlined" color="success" icon={<VerifiedIcon />} label={verifiedLabels[review.subjectType]} />
        </Box>
        <CriteriaLine review={review} />
        {review.comment && <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{review.comment}</Typography>}
        {review.positivePoints && (
          <Typography variant="body2">
            <strong>{reviewFieldLabels.positivePoints}:</strong> {review.positivePoints}
          </Typography>
        )}
        {review.improvementAreas && (
          <Typography variant="body2">
            <strong>{reviewFieldLabels.improvementAreas}:</strong> {review.improvementAreas}
          </Typography>
        )}
        {(review.wouldRecommend !== null || review.subjectType === 'session') && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {review.wouldRecommend !== null && (
              <Chip size="small" label={review.wouldRecommend ? 'Lo consiglia' : 'Non lo consiglia'} color={review.wouldRecommend ? 'success' : 'default'} />
            )}
            {review.subjectType === 'session' && <Chip size="small" label={review.wouldWorkAgain ? 'Lavorerebbe di nuovo insieme' : 'Non lavorerebbe di nuovo insieme'} />}
          </Box>
        )}
        {review.reply && (
          <Box sx={{ borderLeft: 3, borderColor: 'primary.main', pl: 1.5, mt: 0.5 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {reviewFieldLabels.reply}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {review.reply}
            </Typography>
          </Box>
        )}
        {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>}
      </CardContent>
    </Card>
  );
}

/** The shop's public answer, once; the AI of [11] may draft it (paid with credits). */
export function ReplyDialog({ review, onClose }: { review: Review; onClose: () => void }) {
  const reply = useReply();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!text.trim()) return setError('Scrivi la risposta.');
    if (tooLong(text, MAX_REPLY)) return;
    reply.mutate(
      { id: review.id, reply: text },
      {
        onSuccess: () => {
          toast({ title: 'Risposta pubblicata.', variant: 'success' });
          onClose();
        },
        onError: (e) => setError(errorText(e, 'Non è stato possibile pubblicare la risposta: riprova tra poco.')),
      },
    );
  };
  return (
    <FormDialog
      id="reply-title"
      title={`Rispondi a ${review.reviewerName}`}
      text="La risposta è pubblica sulla pagina del negozio, sotto la recensione. Si risponde una volta sola."
      error={error}
      submit={{ label: 'Pubblica risposta', busy: reply.isPending, onSubmit: send }}
      onClose={onClose}
      maxWidth="sm"
    >
      <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
        «{review.comment || 'Nessun commento'}» · {review.overallRating}/5
      </Typography>
      <AiButton
        functionName="review-reply"
        label="Bozza con l’AI"
        input={() => ({
          kind: 'review',
          text: review.comment || `Valutazione ${review.overallRating} su 5`,
          rating: review.overallRating,
          shopName: review.storeName,
          relatedId: review.id,
        })}
        onAnswer={(a) => setText(a.text)}
      />
      <LimitedTextField label="Risposta" value={text} onChange={(e) => setText(e.target.value)} multiline minRows={4} required limit={MAX_REPLY} />
    </FormDialog>
  );
}

/** A shop's or a collaborator's published reviews with their average: for the public pages. */
export function PublicReviewsSection({ about, id, title = 'Recensioni' }: { about: 'stores' | 'collaborators'; id: string | undefined; title?: string }) {
  const reviews = usePublicReviews(about, id);
  return (
    <Box component="section" aria-labelledby={`reviews-${about}`} sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography id={`reviews-${about}`} variant="h6" component="h2">
          {title}
        </Typography>
        {reviews.data && reviews.data.average !== null && (
          <>
            <Stars value={reviews.data.average} size="medium" />
            <Typography variant="body2" color="text.secondary">
              {reviews.data.count === 1 ? '1 recensione' : `${reviews.data.count} recensioni`}
            </Typography>
          </>
        )}
      </Box>
      <HowReviewsAreChecked about={about} />
      {reviews.isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : reviews.isError ? (
        <Alert severity="error">{errorText(reviews.error, 'Impossibile caricare le recensioni.')}</Alert>
      ) : reviews.data.count === 0 ? (
        <EmptyState
          icon={<RateReviewIcon />}
          title="Ancora nessuna recensione"
          text={
            about === 'stores' ? 'Le recensioni dei clienti dopo un ordine completato compariranno qui.' : 'Le recensioni dei negozi dopo una sessione completata compariranno qui.'
          }
        />
      ) : (
        <Stack spacing={1.5}>
          {reviews.data.reviews.map((r) => (
            <ReviewCard key={r.id} review={r} who={`${r.reviewerName} · ${reviewerTypeLabels[r.reviewerType]}`} />
          ))}
        </Stack>
      )}
    </Box>
  );
}
