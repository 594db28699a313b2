import { fieldMessages } from './fields/fieldMessages';
import { inputMessages } from './inputs/inputMessages';
import { previewMessages } from './preview/previewMessages';

const layoutMessages = {
  en: {
    layout: {
      show: { front: 'Show front', back: 'Show back' },
      language: 'Preview language',
      sampleData: 'Sample data',
      hint: 'Click a field to edit it; drag it to move it to another place.',
      oopsTitle: 'Oops!',
      oops: 'The designer needs a screen at least 500 px wide. Turn the device or use a larger screen.',
    },
    areas: {
      title: 'Designer areas',
      frontFields: 'Front fields',
      backFields: 'Back fields',
      barcodes: 'Barcodes',
      relevanceKeys: 'Relevance keys',
      withErrors: '%{area}: %{smart_count} error |||| %{area}: %{smart_count} errors',
    },
  },
  cs: {
    layout: {
      show: { front: 'Zobrazit přední stranu', back: 'Zobrazit zadní stranu' },
      language: 'Jazyk náhledu',
      sampleData: 'Ukázková data',
      hint: 'Klepnutím na pole je upravíte, přetažením přesunete jinam.',
      oopsTitle: 'Jejda!',
      oops: 'Návrhář potřebuje obrazovku širokou alespoň 500 px. Otočte zařízení nebo použijte větší obrazovku.',
    },
    areas: {
      title: 'Oblasti návrháře',
      frontFields: 'Pole na přední straně',
      backFields: 'Pole na zadní straně',
      barcodes: 'Čárové kódy',
      relevanceKeys: 'Klíče relevance',
      withErrors:
        '%{area}: %{smart_count} chyba |||| %{area}: %{smart_count} chyby |||| %{area}: %{smart_count} chyb',
    },
  },
};

/** The designer's texts by language, under app.designer. */
export const designerMessages = {
  en: {
    ...layoutMessages.en,
    preview: previewMessages.en,
    fields: fieldMessages.en,
    inputs: inputMessages.en,
  },
  cs: {
    ...layoutMessages.cs,
    preview: previewMessages.cs,
    fields: fieldMessages.cs,
    inputs: inputMessages.cs,
  },
};
