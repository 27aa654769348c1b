/** Who wrote an entry as it stands: the project's file, the file's entry as the admins changed it, or the admins. */
export const vocabularyOrigins = ['base', 'changed', 'admin'] as const;
export type VocabularyOrigin = (typeof vocabularyOrigins)[number];
export const vocabularyOriginLabels: Record<VocabularyOrigin, string> = {
  base: 'Predefinito',
  changed: 'Modificato',
  admin: 'Aggiunto dall’amministrazione',
};
