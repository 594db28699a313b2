/** A title and what to do, shown to a person whose public link could not be served. */
export interface ErrorText {
  title: string;
  advice: string;
}

/** The fixed texts of the public pages (a pass's page and the pages of failures), in one language. */
export interface PublicTexts {
  addToAppleWallet: string;
  addToGoogleWallet: string;
  appleWalletUnavailable: string;
  developmentSigned: string;
  downloadForInspection: string;
  voided: string;
  barcode: string;
  /** said where a barcode's message does not fit its format: its code is shown in words instead */
  barcodeNotDrawn: string;
  openOnAnotherDevice: string;
  scanToOpen: string;
  backToPass: string;
  tryAgain: string;
  notFound: ErrorText;
  badLink: ErrorText;
  appleWalletNotReady: ErrorText;
  googleWalletNotReady: ErrorText;
  passNotShown: ErrorText;
  tooManyRequests: ErrorText;
  unavailable: ErrorText;
  otherFailure: ErrorText;
}

const en: PublicTexts = {
  addToAppleWallet: 'Add to Apple Wallet',
  addToGoogleWallet: 'Add to Google Wallet',
  developmentSigned:
    'This pass is signed for development only: iPhones will not accept it until its issuer uploads a certificate from Apple. You can still download the file to inspect it.',
  downloadForInspection: 'Download the pass file (for inspection)',
  appleWalletUnavailable:
    'This pass cannot be added to Apple Wallet yet: its issuer has not finished setting it up. You can show this page instead, or come back later.',
  voided: 'This pass is voided: it is no longer valid.',
  barcode: 'Barcode',
  barcodeNotDrawn:
    'This barcode cannot be drawn: its code does not fit the barcode format. Show or read out the code below instead.',
  openOnAnotherDevice: 'Open on another device',
  scanToOpen: 'Scan to open this pass on your phone',
  backToPass: 'Back to the pass',
  tryAgain: 'Try again',
  notFound: {
    title: 'Pass not found',
    advice:
      'This link does not lead to a pass: it may be mistyped, or the pass was deleted. Please ask its issuer for a new link.',
  },
  badLink: {
    title: 'This link is not valid',
    advice:
      'The address has a part this page does not understand. Please open the link exactly as you received it.',
  },
  appleWalletNotReady: {
    title: 'This pass cannot be added to Apple Wallet yet',
    advice:
      'Its issuer has not finished setting it up. Please try again later, or contact the issuer of the pass.',
  },
  googleWalletNotReady: {
    title: 'This pass cannot be added to Google Wallet',
    advice: 'Its issuer has not set it up for Google Wallet. Please contact the issuer of the pass.',
  },
  passNotShown: {
    title: 'This pass cannot be shown right now',
    advice:
      'It has a problem its issuer needs to fix. Please try again later, or contact the issuer of the pass.',
  },
  tooManyRequests: {
    title: 'Too many requests',
    advice: 'This address asked for passes too often. Please wait a minute and try again.',
  },
  unavailable: {
    title: 'This service is not available right now',
    advice: 'Please try again in a few minutes.',
  },
  otherFailure: {
    title: 'This link cannot be opened',
    advice: 'Please try again later, or contact the issuer of the pass.',
  },
};

const cs: PublicTexts = {
  addToAppleWallet: 'Přidat do Apple Wallet',
  addToGoogleWallet: 'Přidat do Peněženky Google',
  developmentSigned:
    'Tento pas je podepsaný jen pro vývoj: iPhony ho nepřijmou, dokud vydavatel nenahraje certifikát od Applu. Soubor si přesto můžete stáhnout a prohlédnout.',
  downloadForInspection: 'Stáhnout soubor pasu (k prohlédnutí)',
  appleWalletUnavailable:
    'Tento pas zatím nelze přidat do Apple Wallet: vydavatel ho ještě nedokončil. Zatím můžete ukázat tuto stránku, nebo se vraťte později.',
  voided: 'Tento pas je zneplatněný: už neplatí.',
  barcode: 'Čárový kód',
  barcodeNotDrawn:
    'Tento čárový kód nelze vykreslit: jeho kód neodpovídá formátu čárového kódu. Ukažte nebo nadiktujte místo něj kód níže.',
  openOnAnotherDevice: 'Otevřít na jiném zařízení',
  scanToOpen: 'Naskenujte a otevřete pas v telefonu',
  backToPass: 'Zpět na pas',
  tryAgain: 'Zkusit znovu',
  notFound: {
    title: 'Pas nenalezen',
    advice:
      'Tento odkaz nevede k žádnému pasu: mohl být špatně opsán, nebo byl pas smazán. Požádejte prosím vydavatele o nový odkaz.',
  },
  badLink: {
    title: 'Tento odkaz není platný',
    advice:
      'Adresa obsahuje část, které tato stránka nerozumí. Otevřete prosím odkaz přesně tak, jak jste ho dostali.',
  },
  appleWalletNotReady: {
    title: 'Tento pas zatím nelze přidat do Apple Wallet',
    advice: 'Vydavatel ho ještě nedokončil. Zkuste to prosím později, nebo se obraťte na vydavatele pasu.',
  },
  googleWalletNotReady: {
    title: 'Tento pas nelze přidat do Peněženky Google',
    advice: 'Vydavatel ho pro Peněženku Google nenastavil. Obraťte se prosím na vydavatele pasu.',
  },
  passNotShown: {
    title: 'Tento pas teď nelze zobrazit',
    advice:
      'Má chybu, kterou musí opravit jeho vydavatel. Zkuste to prosím později, nebo se obraťte na vydavatele.',
  },
  tooManyRequests: {
    title: 'Příliš mnoho požadavků',
    advice: 'Z této adresy přišlo příliš mnoho požadavků. Počkejte prosím minutu a zkuste to znovu.',
  },
  unavailable: {
    title: 'Služba teď není dostupná',
    advice: 'Zkuste to prosím za pár minut znovu.',
  },
  otherFailure: {
    title: 'Tento odkaz nelze otevřít',
    advice: 'Zkuste to prosím později, nebo se obraťte na vydavatele pasu.',
  },
};

const TEXTS: Record<string, PublicTexts> = { en, cs };

/** The languages the public pages' own texts are written in. */
export const PUBLIC_TEXT_LANGUAGES = Object.keys(TEXTS);

/**
 * The public pages' texts in a language, English when they are not written in it; `language` says which was used
 * (the page's lang).
 *
 * @example publicTexts('cs').texts.addToAppleWallet // 'Přidat do Apple Wallet'
 * @example publicTexts('de').language // 'en'
 */
export function publicTexts(language: string | undefined): { language: string; texts: PublicTexts } {
  const chosen = language && TEXTS[language] ? language : 'en';
  return { language: chosen, texts: TEXTS[chosen] };
}
