import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'ra-core';

/* Italian only; a text that is not a message key (our own labels) is shown as written. */
export const i18nProviderOf = (messages: TranslationMessages) => polyglotI18nProvider(() => messages, 'it', [{ locale: 'it', name: 'Italiano' }], { allowMissing: true });
