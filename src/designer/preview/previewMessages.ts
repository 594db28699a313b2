/** The designer's preview texts, under app.designer.preview (English, Czech). */
const en = {
  front: 'Pass front',
  back: 'Pass back',
  unsupportedStyle: 'Unsupported pass style',
  editField: 'Edit field %{key}',
  addField: 'Add field to %{area}',
  addBackField: 'Add back field',
  noBackFields: 'No back fields yet.',
  areas: {
    headerFields: 'Header fields',
    primaryFields: 'Primary fields',
    secondaryFields: 'Secondary fields',
    auxiliaryFields: 'Auxiliary fields',
    backFields: 'Back fields',
  },
  transit: {
    PKTransitTypeAir: 'Air',
    PKTransitTypeBoat: 'Boat',
    PKTransitTypeBus: 'Bus',
    PKTransitTypeGeneric: 'Transit',
    PKTransitTypeTrain: 'Train',
  },
  barcodeImage: '%{format} barcode',
  barcodeError: 'The message cannot be drawn as %{format}.',
  images: {
    logo: 'Logo',
    strip: 'Strip',
    thumbnail: 'Thumbnail',
    footer: 'Footer',
  },
};

type Translation<T> = { [K in keyof T]: T[K] extends string ? string : Translation<T[K]> };

const cs: Translation<typeof en> = {
  front: 'Přední strana pasu',
  back: 'Zadní strana pasu',
  unsupportedStyle: 'Nepodporovaný styl pasu',
  editField: 'Upravit pole %{key}',
  addField: 'Přidat pole do %{area}',
  addBackField: 'Přidat pole na zadní stranu',
  noBackFields: 'Zadní strana zatím nemá žádná pole.',
  areas: {
    headerFields: 'Pole záhlaví',
    primaryFields: 'Hlavní pole',
    secondaryFields: 'Vedlejší pole',
    auxiliaryFields: 'Doplňková pole',
    backFields: 'Pole zadní strany',
  },
  transit: {
    PKTransitTypeAir: 'Letadlo',
    PKTransitTypeBoat: 'Loď',
    PKTransitTypeBus: 'Autobus',
    PKTransitTypeGeneric: 'Doprava',
    PKTransitTypeTrain: 'Vlak',
  },
  barcodeImage: 'Čárový kód %{format}',
  barcodeError: 'Zprávu nelze vykreslit jako %{format}.',
  images: {
    logo: 'Logo',
    strip: 'Pás',
    thumbnail: 'Miniatura',
    footer: 'Patička',
  },
};

export const previewMessages = { en, cs };
