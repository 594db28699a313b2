import czechMessages from 'ra-language-czech';
import englishMessages from 'ra-language-english';
import { cs } from './cs';
import { mergeMessages } from './mergeMessages';

/** The console in Czech, react-admin's own texts included; loaded when a user chooses Czech (i18nProvider.ts). */
export const czech = mergeMessages(englishMessages, czechMessages, cs);
