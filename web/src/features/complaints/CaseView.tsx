import DescriptionIcon from '@mui/icons-material/DescriptionOutlined';
import FolderIcon from '@mui/icons-material/FolderOutlined';
import GavelIcon from '@mui/icons-material/Gavel';
import HistoryIcon from '@mui/icons-material/History';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { Alert, Box, Chip, Link as MuiLink, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { compensationLabels, severityLabels, typeLabels } from '@labels/complaints';
import { SectionCard } from '../../components/SectionCard';
import { Facts } from '../../components/Facts';
import { formatDateTime } from '../../lib/dates';
import type { CaseDetail, CaseEvidence, CaseTimelineEntry } from './api';
import { awaitedText, compensationText, decided, kindLabel, roleNames, statusColors, statusLabels, urgencyColors, urgencyLabels } from './case-figures';
import { fileSize, isImage } from './evidence';

/** The state of a case as chips: its status, urgency, lateness, appeal round. */
export function CaseChips({ c }: { c: Pick<CaseDetail, 'status' | 'urgency' | 'late' | 'round' | 'kind'> }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Chip size="small" label={statusLabels[c.status]} color={statusColors[c.status]} data-testid="case-status" />
      <Chip size="small" variant="outlined" label={`Urgenza ${urgencyLabels[c.urgency].toLowerCase()}`} color={urgencyColors[c.urgency]} />
      <Chip size="small" variant="outlined" label={kindLabel(c)} />
      {c.round === 2 && <Chip size="small" variant="outlined" label="Ricorso" color="secondary" />}
      {c.late && !decided(c) && <Chip size="small" label="In ritardo" color="error" />}
    </Box>
  );
}

const who = (e: CaseTimelineEntry) => (e.actor ? `${e.actor.name}${e.actor.role ? ` (${roleNames[e.actor.role] ?? e.actor.role})` : ''}` : 'Sistema');

/** The case's whole story in order: who, when, what; an admin's internal notes marked as such. */
export function CaseTimeline({ entries }: { entries: CaseTimelineEntry[] }) {
  return (
    <Box component="ol" aria-label="Storia del caso" data-testid="case-timeline" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {entries.map((e, i) => {
        const last = i === entries.length - 1;
        return (
          <Box component="li" key={e.revision} sx={{ display: 'grid', gridTemplateColumns: '20px minmax(0, 1fr)', columnGap: 1.5 }}>
            <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
              <Box sx={{ width: 14, height: 14, borderRadius: '50%', mt: '4px', flexShrink: 0, bgcolor: e.internal ? 'warning.main' : last ? 'secondary.main' : 'grey.400' }} />
              {!last && <Box sx={{ width: 2, flex: 1, bgcolor: 'divider', my: 0.5 }} />}
            </Box>
            <Box sx={{ pb: last ? 0 : 2, minWidth: 0 }}>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography component="h3" sx={{ fontWeight: 700, fontSize: '1rem' }} data-testid="timeline-title">
                  {e.title}
                </Typography>
                {e.internal && <Chip size="small" color="warning" variant="outlined" label="Solo amministratori" />}
              </Box>
              <Typography variant="body2" color="text.secondary">
                {formatDateTime(e.at)} · {who(e)}
              </Typography>
              {e.detail && (
                <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', mt: 0.25 }}>
                  {e.detail}
                </Typography>
              )}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}

/** The evidence files: images as thumbnails opening the file, PDFs as links. */
export function EvidenceList({ files }: { files: CaseEvidence[] }) {
  if (files.length === 0) return <Typography color="text.secondary">Nessun file allegato.</Typography>;
  const images = files.filter((f) => isImage(f.contentType));
  const others = files.filter((f) => !isImage(f.contentType));
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {images.length > 0 && (
        <Box component="ul" aria-label="Foto" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))' }}>
          {images.map((f) => (
            <Box component="li" key={f.id} sx={{ minWidth: 0 }}>
              <MuiLink href={f.url} target="_blank" rel="noopener" sx={{ display: 'block' }} aria-label={`Apri ${f.name}`}>
                <Box
                  component="img"
                  src={f.url}
                  alt={f.name}
                  loading="lazy"
                  sx={{ width: '100%', aspectRatio: '1', objectFit: 'cover', borderRadius: 2, border: 1, borderColor: 'divider', display: 'block', bgcolor: 'grey.100' }}
                />
              </MuiLink>
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                {f.addedBy.name} · {formatDateTime(f.addedAt)}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      {others.map((f) => (
        <Box key={f.id} sx={{ display: 'flex', gap: 1, alignItems: 'center', minWidth: 0 }}>
          <PictureAsPdfIcon color="error" />
          <Box sx={{ minWidth: 0 }}>
            <MuiLink href={f.url} target="_blank" rel="noopener" sx={{ overflowWrap: 'anywhere', fontWeight: 600 }}>
              {f.name}
            </MuiLink>
            <Typography variant="body2" color="text.secondary">
              {fileSize(f.sizeBytes)} · {f.addedBy.name} · {formatDateTime(f.addedAt)}
            </Typography>
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** The decision (if any) and the compensation. */
function Decision({ c }: { c: CaseDetail }) {
  const comp = compensationText(c);
  if (!decided(c) && !c.adminResponse && !c.rejectionReason) {
    return <Typography color="text.secondary">Nessuna decisione ancora.</Typography>;
  }
  return (
    <Facts
      stacked
      rows={[
        ...(c.status === 'rejected' || (c.status !== 'resolved' && c.rejectionReason)
          ? [['Esito', 'Respinto'] as [string, ReactNode], ['Motivo', c.rejectionReason ?? '—'] as [string, ReactNode]]
          : [
              ['Esito', 'Risolto'] as [string, ReactNode],
              ['Risposta', c.adminResponse ?? '—'] as [string, ReactNode],
              ['Azione', c.resolutionAction ?? '—'] as [string, ReactNode],
            ]),
        ...(c.decidedAt ? [['Deciso il', formatDateTime(c.decidedAt)] as [string, ReactNode]] : []),
        ...(comp ? [['Indennizzo', `${comp} · ${compensationLabels[c.compensation.status]}`] as [string, ReactNode]] : []),
        ...(c.round === 2 && decided(c) ? [['Definitiva', 'Sì: decisione sul ricorso'] as [string, ReactNode]] : []),
        ...(c.appealReason ? [['Ricorso', c.appealReason] as [string, ReactNode]] : []),
      ]}
    />
  );
}

/**
 * A case page's body, for a party or an admin: what is awaited, the case and its parties, the
 * decision and compensation, the files, and the whole story in order. `moves` stands under the
 * awaited line (the reader's actions).
 */
export function CaseView({ c, moves }: { c: CaseDetail; moves?: ReactNode }) {
  const awaited = awaitedText(c);
  const admin = c.myRole === 'admin';
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
      <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
        {awaited && (
          <Alert severity={c.late && !decided(c) ? 'error' : 'info'} data-testid="case-awaited">
            {awaited}
            {c.late && !decided(c) ? ' (in ritardo)' : ''}
          </Alert>
        )}
        {moves}
        <SectionCard title="Il caso" icon={<DescriptionIcon />}>
          <CaseChips c={c} />
          <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{c.description}</Typography>
          <Facts
            stacked
            rows={[
              ['Tipo', typeLabels[c.complaintType]],
              ['Gravità', severityLabels[c.severity]],
              ['Negozio', c.storeName],
              ['Presentato da', `${c.complainant.name} (${roleNames[c.complainant.type]})${c.myRole === 'complainant' ? ' · tu' : ''}`],
              ['Altra parte', `${c.respondent.name} (${roleNames[c.respondent.type]})${c.myRole === 'respondent' ? ' · tu' : ''}`],
              ['Presentato il', formatDateTime(c.submittedAt)],
              ['Amministratore', c.assignedAdminName ?? 'Non ancora assegnato'],
              ...(admin ? [['Prima risposta entro', `${formatDateTime(c.firstResponseDueAt)}${c.firstResponseLate ? ' (in ritardo)' : ''}`] as [string, ReactNode]] : []),
              ...(c.respondentAnswerBy
                ? [
                    [
                      'Risposta dell’altra parte',
                      c.respondentAnsweredAt ? `ricevuta il ${formatDateTime(c.respondentAnsweredAt)}` : `attesa entro il ${formatDateTime(c.respondentAnswerBy)}`,
                    ] as [string, ReactNode],
                  ]
                : []),
              ...(c.witnessContacts.length ? [['Testimoni', c.witnessContacts.map((w) => `${w.name} (${w.contact})`).join('; ')] as [string, ReactNode]] : []),
            ]}
          />
        </SectionCard>
        <SectionCard title="Decisione" icon={<GavelIcon />}>
          <Decision c={c} />
        </SectionCard>
        <SectionCard title={`File di prova (${c.evidence.length})`} icon={<FolderIcon />}>
          <EvidenceList files={c.evidence} />
        </SectionCard>
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <SectionCard title="Storia del caso" icon={<HistoryIcon />}>
          <CaseTimeline entries={c.timeline} />
        </SectionCard>
      </Box>
    </Box>
  );
}
