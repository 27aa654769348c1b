/* Evidence files: what the case takes (images or PDF up to 5 MB, as the API checks) and their sizes in words. Pure. */

export const evidenceAccept = 'image/jpeg,image/png,image/webp,application/pdf';
export const MAX_EVIDENCE_BYTES = 5 * 1024 * 1024;

/** Why a file cannot be attached, or null. */
export function checkFile(file: { name: string; type: string; size: number }): string | null {
  if (!evidenceAccept.split(',').includes(file.type)) return `${file.name}: solo foto (JPEG, PNG, WebP) o PDF.`;
  if (file.size > MAX_EVIDENCE_BYTES) return `${file.name}: più di 5 MB.`;
  return null;
}

export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB`;
}

export const isImage = (contentType: string) => contentType.startsWith('image/');
