import polyglotI18nProvider from 'ra-i18n-polyglot';
import { italianMessages } from './it';

/* Italian only; a text that is not a message key (our own labels) is shown as written. */
export const i18nProvider = polyglotI18nProvider(() => italianMessages, 'it', [{ locale: 'it', name: 'Italiano' }], { allowMissing: true });
