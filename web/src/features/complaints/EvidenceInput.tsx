import type { Ref } from 'react';
import { evidenceAccept } from './evidence';

/** The hidden picker of a case's files (photos and PDFs, several at once), emptied after each choice so the same file can be chosen again. */
export function EvidenceInput({ label, onFiles, ref }: { label: string; onFiles: (files: FileList | null) => void; ref?: Ref<HTMLInputElement> }) {
  return (
    <input
      ref={ref}
      hidden
      type="file"
      multiple
      accept={evidenceAccept}
      aria-label={label}
      onChange={(e) => {
        onFiles(e.target.files);
        e.target.value = '';
      }}
    />
  );
}
