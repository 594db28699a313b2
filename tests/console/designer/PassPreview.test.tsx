import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { FieldT, JsonTemplateT, StyleBodyT } from '../../../domain/template/jsonTemplateSchema';
import type { Template } from '../../../domain/schemas/template';
import type { FieldPlace } from '../../../src/designer/designerRules';
import * as displayValue from '../../../src/designer/preview/displayValue';
import { PassPreview } from '../../../src/designer/preview/PassPreview';
import { aTemplate, renderDesigner } from './renderDesigner';

const LOGO = '11111111-1111-4111-8111-111111111111';
const LOGO_CS = '12121212-1212-4121-8121-121212121212';
const STRIP = '22222222-2222-4222-8222-222222222222';
const THUMBNAIL = '33333333-3333-4333-8333-333333333333';
const BACKGROUND = '44444444-4444-4444-8444-444444444444';
const FOOTER = '55555555-5555-4555-8555-555555555555';

const field = (key: string, label: string, value: FieldT['value'] = `${label} value`): FieldT =>
  ({ key, label, value }) as FieldT;

const passJson = (
  body: Partial<Record<string, StyleBodyT>>,
  extra: Partial<JsonTemplateT> = {},
): JsonTemplateT => ({
  description: 'Loyalty card',
  organizationName: 'Acme',
  backgroundColor: 'rgb(20,40,60)',
  foregroundColor: 'rgb(255,255,255)',
  labelColor: 'rgb(200,200,200)',
  logoText: { en: 'Acme Coffee', cs: 'Acme Káva' },
  ...body,
  ...extra,
});

interface PreviewOptions {
  side?: 'front' | 'back';
  sampleData?: Record<string, unknown>;
  selected?: FieldPlace;
  onEditField?: (place: FieldPlace, anchor: HTMLElement) => void;
  readOnly?: boolean;
  images?: Template['images'];
  languages?: string[];
}

/** The preview with a language switch, as the designer's toolbar offers it. */
const Preview = ({ side = 'front', sampleData = {}, selected, onEditField }: PreviewOptions) => {
  const [language, setLanguage] = useState('en');
  return (
    <>
      <button onClick={() => setLanguage('cs')}>Czech</button>
      <PassPreview
        side={side}
        language={language}
        sampleData={sampleData}
        selected={selected}
        onEditField={onEditField}
      />
    </>
  );
};

async function renderPreview(jsonTemplate: JsonTemplateT, options: PreviewOptions = {}) {
  const rendered = renderDesigner(
    <Preview {...options} />,
    aTemplate(jsonTemplate, { images: options.images ?? {}, languages: options.languages ?? ['en', 'cs'] }),
    { readOnly: options.readOnly },
  );
  await screen.findByRole('region', { name: options.side === 'back' ? 'Pass back' : 'Pass front' });
  return rendered;
}

type DesignerForm = ReturnType<typeof renderDesigner>['form'];
const passJsonOf = (form: DesignerForm) => form().getValues('jsonTemplate') as JsonTemplateT;

const area = (name: string) => screen.getByRole('group', { name });
const fieldButton = (key: string) => screen.getByRole('button', { name: `Edit field ${key}` });
const imageSrc = (name: string) => screen.getByRole('img', { name }).getAttribute('src');

const expectInOrder = (...elements: HTMLElement[]) =>
  elements
    .slice(1)
    .forEach((element, index) =>
      expect(
        elements[index].compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy(),
    );

/** Secondary and auxiliary fields side by side in one row of their own. */
function expectSharedRow() {
  const row = area('Secondary fields').parentElement;
  expect(area('Auxiliary fields').parentElement).toBe(row);
  expect(row).not.toBe(screen.getByRole('region', { name: 'Pass front' }));
}

/** What a person does with a mouse, in the events react-dnd's HTML5 backend listens to. */
function dragAndDrop(source: HTMLElement, target: HTMLElement) {
  fireEvent.dragStart(source);
  fireEvent.dragEnter(target);
  fireEvent.dragOver(target);
  fireEvent.drop(target);
  fireEvent.dragEnd(source);
}

describe('pass preview: styles', () => {
  it('storeCard: logo and logo text, header on the right, primary over the strip, one shared row', async () => {
    await renderPreview(
      passJson({
        storeCard: {
          headerFields: [field('points', 'Points', '1250')],
          primaryFields: [field('balance', 'Balance', '€25')],
          secondaryFields: [field('name', 'Member')],
          auxiliaryFields: [field('tier', 'Tier', 'Gold')],
        },
      }),
      { images: { logo: LOGO, strip: STRIP } },
    );
    expect(imageSrc('Logo')).toBe(`/p/image/${LOGO}`);
    expect(screen.getByText('Acme Coffee')).toBeInTheDocument();
    expect(within(area('Header fields')).getByText('Points')).toBeInTheDocument();
    expect(within(area('Header fields')).getByText('1250')).toBeInTheDocument();
    expect(within(area('Primary fields')).getByText('€25')).toBeInTheDocument();
    expect(imageSrc('Strip')).toBe(`/p/image/${STRIP}`);
    expect(within(area('Secondary fields')).getByText('Member')).toBeInTheDocument();
    expect(within(area('Auxiliary fields')).getByText('Gold')).toBeInTheDocument();
    expectSharedRow();
  });

  it('coupon: the primary field over the strip, secondary and auxiliary in one row', async () => {
    await renderPreview(
      passJson({
        coupon: {
          primaryFields: [field('offer', 'Offer', '20% off')],
          secondaryFields: [field('until', 'Valid until', 'Sunday')],
          auxiliaryFields: [field('code', 'Code', 'SPRING')],
        },
      }),
      { images: { strip: STRIP } },
    );
    expect(within(area('Primary fields')).getByText('20% off')).toBeInTheDocument();
    expect(imageSrc('Strip')).toBe(`/p/image/${STRIP}`);
    expectSharedRow();
  });

  it('generic: the thumbnail beside the primary field, then secondary and auxiliary rows', async () => {
    await renderPreview(
      passJson({
        generic: {
          primaryFields: [field('name', 'Name', 'Jane Doe')],
          secondaryFields: [field('team', 'Team', 'Red')],
          auxiliaryFields: [field('since', 'Member since', '2020')],
        },
      }),
      { images: { thumbnail: THUMBNAIL } },
    );
    expect(within(area('Primary fields')).getByText('Jane Doe')).toBeInTheDocument();
    expect(imageSrc('Thumbnail')).toBe(`/p/image/${THUMBNAIL}`);
    expect(within(area('Secondary fields')).getByText('Red')).toBeInTheDocument();
    expect(within(area('Auxiliary fields')).getByText('2020')).toBeInTheDocument();
    expectInOrder(area('Primary fields'), area('Secondary fields'), area('Auxiliary fields'));
    expect(area('Secondary fields').parentElement).toBe(screen.getByRole('region', { name: 'Pass front' }));
  });

  it('eventTicket: the blurred background behind everything and the thumbnail when there is no strip', async () => {
    await renderPreview(
      passJson({
        eventTicket: {
          primaryFields: [field('event', 'Event', 'Jazz night')],
          secondaryFields: [field('venue', 'Venue', 'Blue Hall')],
        },
      }),
      { images: { background: BACKGROUND, thumbnail: THUMBNAIL } },
    );
    expect(screen.getByRole('presentation')).toHaveAttribute('src', `/p/image/${BACKGROUND}`);
    expect(imageSrc('Thumbnail')).toBe(`/p/image/${THUMBNAIL}`);
    expect(within(area('Primary fields')).getByText('Jazz night')).toBeInTheDocument();
    expect(within(area('Secondary fields')).getByText('Blue Hall')).toBeInTheDocument();
  });

  it('eventTicket: a strip replaces the thumbnail', async () => {
    await renderPreview(
      passJson({ eventTicket: { primaryFields: [field('event', 'Event', 'Jazz night')] } }),
      {
        images: { strip: STRIP, thumbnail: THUMBNAIL },
      },
    );
    expect(imageSrc('Strip')).toBe(`/p/image/${STRIP}`);
    expect(screen.queryByRole('img', { name: 'Thumbnail' })).not.toBeInTheDocument();
  });

  it.each([
    ['PKTransitTypeAir', 'Air'],
    ['PKTransitTypeTrain', 'Train'],
    ['PKTransitTypeBoat', 'Boat'],
    ['PKTransitTypeBus', 'Bus'],
    ['PKTransitTypeGeneric', 'Transit'],
  ] as const)('boardingPass: origin and destination around the %s icon', async (transitType, iconName) => {
    await renderPreview(
      passJson({
        boardingPass: {
          transitType,
          primaryFields: [field('from', 'Prague', 'PRG'), field('to', 'London', 'LHR')],
          auxiliaryFields: [field('gate', 'Gate', 'B12')],
          secondaryFields: [field('passenger', 'Passenger', 'Jane Doe')],
        },
      }),
      { images: { footer: FOOTER } },
    );
    const primary = area('Primary fields');
    expect(within(primary).getByText('PRG')).toBeInTheDocument();
    expect(within(primary).getByText('LHR')).toBeInTheDocument();
    expect(within(primary).getByRole('img', { name: iconName })).toBeInTheDocument();
    expect(within(area('Auxiliary fields')).getByText('B12')).toBeInTheDocument();
    expect(within(area('Secondary fields')).getByText('Jane Doe')).toBeInTheDocument();
    expectInOrder(primary, area('Auxiliary fields'), area('Secondary fields'));
    expect(imageSrc('Footer')).toBe(`/p/image/${FOOTER}`);
  });

  it("shows 'Unsupported pass style' for a template with two styles", async () => {
    renderDesigner(
      <PassPreview side="front" language="en" sampleData={{}} />,
      aTemplate(passJson({ storeCard: {}, coupon: {} })),
    );
    expect(await screen.findByText('Unsupported pass style')).toBeInTheDocument();
  });
});

describe('pass preview: texts', () => {
  const localised = passJson({
    generic: {
      primaryFields: [field('name', 'Name', { en: 'Customer', cs: 'Zákazník' })],
      secondaryFields: [{ key: 'seat', label: { en: 'Seat' }, value: '12' } as FieldT],
    },
  });

  it('switches language, English standing in for missing translations', async () => {
    await renderPreview(localised, { images: { logo: { en: LOGO, cs: LOGO_CS } } });
    expect(screen.getByText('Customer')).toBeInTheDocument();
    expect(imageSrc('Logo')).toBe(`/p/image/${LOGO}`);
    await userEvent.click(screen.getByRole('button', { name: 'Czech' }));
    expect(screen.getByText('Zákazník')).toBeInTheDocument();
    expect(screen.getByText('Acme Káva')).toBeInTheDocument();
    expect(screen.getByText('Seat')).toBeInTheDocument();
    expect(imageSrc('Logo')).toBe(`/p/image/${LOGO_CS}`);
  });

  const withPlaceholder = passJson({
    generic: {
      primaryFields: [
        field('name', 'Name', {
          type: 'string',
          value: '#{customer.name}',
          fallback: { en: 'Guest', cs: 'Host' },
        }),
      ],
    },
  });

  it('fills a placeholder from the sample data', async () => {
    await renderPreview(withPlaceholder, { sampleData: { customer: { name: 'Jane Doe' } } });
    expect(within(area('Primary fields')).getByText('Jane Doe')).toBeInTheDocument();
  });

  it('shows the fallback, in the preview language, where the sample data has nothing', async () => {
    await renderPreview(withPlaceholder);
    expect(within(area('Primary fields')).getByText('Guest')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Czech' }));
    expect(within(area('Primary fields')).getByText('Host')).toBeInTheDocument();
  });

  it('follows the form at once as a value is typed, redrawing only that field of 20', async () => {
    const many = (prefix: string, count: number) =>
      Array.from({ length: count }, (_, index) => field(`${prefix}${index}`, `${prefix} ${index}`));
    const body: StyleBodyT = {
      headerFields: many('h', 3),
      primaryFields: many('p', 1),
      secondaryFields: many('s', 4),
      auxiliaryFields: many('a', 4),
      backFields: many('b', 8),
    };
    const { form } = await renderPreview(passJson({ generic: body }));
    const changed = { ...body, secondaryFields: [...body.secondaryFields!] };
    changed.secondaryFields![2] = field('s2', 's 2', 'Typed just now');
    const formatting = jest.spyOn(displayValue, 'displayFieldValue');
    act(() => form().setValue('jsonTemplate', passJson({ generic: changed }) as Template['jsonTemplate']));
    expect(within(area('Secondary fields')).getByText('Typed just now')).toBeInTheDocument();
    expect(formatting).toHaveBeenCalledTimes(1);
    formatting.mockRestore();
  });
});

describe('pass preview: barcode', () => {
  it.each([
    ['PKBarcodeFormatQR', 'QR barcode'],
    ['PKBarcodeFormatPDF417', 'PDF417 barcode'],
    ['PKBarcodeFormatAztec', 'Aztec barcode'],
    ['PKBarcodeFormatCode128', 'Code 128 barcode'],
  ] as const)('draws the real %s symbol with the alt text under it', async (format, name) => {
    await renderPreview(
      passJson(
        { storeCard: {} },
        { barcodes: [{ format, message: 'PASS-#{id}', messageEncoding: 'UTF-8', altText: 'Card #{id}' }] },
      ),
      { sampleData: { id: '0042' } },
    );
    expect(imageSrc(name)).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByText('Card 0042')).toBeInTheDocument();
  });

  it('says so when the symbology cannot encode the message', async () => {
    await renderPreview(
      passJson(
        { storeCard: {} },
        { barcodes: [{ format: 'PKBarcodeFormatQR', message: 'x'.repeat(8000), messageEncoding: 'UTF-8' }] },
      ),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The message cannot be drawn as QR.');
    expect(screen.queryByRole('img', { name: 'QR barcode' })).not.toBeInTheDocument();
  });

  it.each([
    ['PKBarcodeFormatEAN13', '400638133393', 'EAN-13'],
    ['PKBarcodeFormatI2of5', '0123456789', 'Interleaved 2 of 5'],
    ['PKBarcodeFormatCode39', 'TICKET-42', 'Code 39'],
    ['PKBarcodeFormatCodabar', 'A40156B', 'Codabar'],
  ] as const)('draws the iOS 27 format %s', async (format, message, name) => {
    await renderPreview(
      passJson({ storeCard: {} }, { barcodes: [{ format, message, messageEncoding: 'iso-8859-1' }] }),
    );
    expect(imageSrc(`${name} barcode`)).toMatch(/^data:image\/svg\+xml/);
  });

  it('refuses an odd count of digits in Interleaved 2 of 5, which would be drawn padded with a zero', async () => {
    await renderPreview(
      passJson(
        { storeCard: {} },
        { barcodes: [{ format: 'PKBarcodeFormatI2of5', message: '12345', messageEncoding: 'iso-8859-1' }] },
      ),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The message cannot be drawn as Interleaved 2 of 5.');
  });
});

describe('pass preview: editing', () => {
  it('a click on a field opens its editor; the selected field is outlined', async () => {
    const onEditField = jest.fn();
    await renderPreview(passJson({ generic: { primaryFields: [field('name', 'Name')] } }), {
      onEditField,
      selected: { area: 'primaryFields', index: 0 },
    });
    await userEvent.click(fieldButton('name'));
    expect(onEditField).toHaveBeenCalledWith({ area: 'primaryFields', index: 0 }, fieldButton('name'));
    expect(fieldButton('name')).toHaveStyle({ outline: '2px solid #2196f3' });
  });

  it('"+" adds a field to an area with room and opens its editor', async () => {
    const onEditField = jest.fn();
    const { form } = await renderPreview(passJson({ generic: { headerFields: [field('header1', 'One')] } }), {
      onEditField,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Add field to headerFields' }));
    expect(passJsonOf(form).generic?.headerFields).toEqual([
      field('header1', 'One'),
      { key: 'header2', label: 'Label', value: 'Value' },
    ]);
    expect(onEditField).toHaveBeenCalledWith({ area: 'headerFields', index: 1 }, fieldButton('header2'));
  });

  it('offers no "+" in a full area, nor in the shared row of a full storeCard', async () => {
    await renderPreview(
      passJson({
        storeCard: {
          headerFields: [field('h1', 'H1'), field('h2', 'H2'), field('h3', 'H3')],
          primaryFields: [field('p1', 'P1')],
          secondaryFields: [field('s1', 'S1'), field('s2', 'S2')],
          auxiliaryFields: [field('a1', 'A1'), field('a2', 'A2')],
        },
      }),
    );
    for (const full of ['headerFields', 'primaryFields', 'secondaryFields', 'auxiliaryFields'])
      expect(screen.queryByRole('button', { name: `Add field to ${full}` })).not.toBeInTheDocument();
  });

  it('a read-only template offers no "+"', async () => {
    await renderPreview(passJson({ generic: {} }), { readOnly: true });
    expect(screen.queryByRole('button', { name: /^Add field/ })).not.toBeInTheDocument();
  });
});

describe('pass preview: back', () => {
  it('lists the back fields, label above value, links as real links and other markup as text', async () => {
    await renderPreview(
      passJson({
        generic: {
          backFields: [
            field('terms', 'Terms', 'No refunds.'),
            {
              key: 'web',
              label: 'Contact',
              value: 'Web',
              attributedValue: 'See <a href="https://acme.example">our web</a> or <b>call</b>',
            },
          ],
        },
      }),
      { side: 'back' },
    );
    expect(within(fieldButton('terms')).getByText('No refunds.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'our web' })).toHaveAttribute('href', 'https://acme.example');
    expect(within(fieldButton('web')).getByText('<b>call</b>', { exact: false })).toBeInTheDocument();
  });

  it('"Add back field" adds a field to the back', async () => {
    const { form } = await renderPreview(passJson({ generic: {} }), { side: 'back' });
    await userEvent.click(screen.getByRole('button', { name: 'Add back field' }));
    expect(passJsonOf(form).generic?.backFields).toEqual([{ key: 'back1', label: 'Label', value: 'Value' }]);
  });
});

describe('pass preview: drag and drop', () => {
  const generic = (headerFields: FieldT[]) =>
    passJson({
      generic: {
        headerFields,
        primaryFields: [field('p1', 'P1')],
        secondaryFields: [field('s1', 'S1'), field('s2', 'S2')],
      },
    });

  it('moves a field into an area with room', async () => {
    const { form } = await renderPreview(generic([field('h1', 'H1')]));
    dragAndDrop(fieldButton('s1'), area('Header fields'));
    const body = passJsonOf(form).generic;
    expect(body?.headerFields?.map((each) => each.key)).toEqual(['h1', 's1']);
    expect(body?.secondaryFields?.map((each) => each.key)).toEqual(['s2']);
  });

  // jsdom keeps the outline shorthand as written
  const DASHED = { outline: '1px dashed' };

  it('highlights the areas that accept the dragged field while it is dragged', async () => {
    await renderPreview(generic([field('h1', 'H1'), field('h2', 'H2'), field('h3', 'H3')]));
    const dragged = fieldButton('s1');
    fireEvent.dragStart(dragged);
    expect(area('Primary fields')).not.toHaveStyle(DASHED);
    expect(area('Header fields')).not.toHaveStyle(DASHED);
    expect(area('Auxiliary fields')).toHaveStyle(DASHED);
    expect(area('Secondary fields')).toHaveStyle(DASHED);
    fireEvent.dragEnd(dragged);
    expect(area('Auxiliary fields')).not.toHaveStyle(DASHED);
  });

  it('dropped on a field, a field takes its place', async () => {
    const { form } = await renderPreview(generic([field('h1', 'H1')]));
    dragAndDrop(fieldButton('s2'), fieldButton('h1'));
    expect(passJsonOf(form).generic?.headerFields?.map((each) => each.key)).toEqual(['s2', 'h1']);
  });

  it('reorders the fields of one area', async () => {
    const { form } = await renderPreview(generic([field('h1', 'H1')]));
    dragAndDrop(fieldButton('s1'), fieldButton('s2'));
    expect(passJsonOf(form).generic?.secondaryFields?.map((each) => each.key)).toEqual(['s2', 's1']);
  });

  it('refuses a fourth header field', async () => {
    const template = generic([field('h1', 'H1'), field('h2', 'H2'), field('h3', 'H3')]);
    const { form } = await renderPreview(template);
    dragAndDrop(fieldButton('s1'), area('Header fields'));
    dragAndDrop(fieldButton('s1'), fieldButton('h2'));
    expect(form().getValues('jsonTemplate')).toEqual(template);
  });

  it('refuses a fifth field in the shared row of a storeCard, but moves along the row', async () => {
    const template = passJson({
      storeCard: {
        primaryFields: [field('p1', 'P1')],
        secondaryFields: [field('s1', 'S1'), field('s2', 'S2')],
        auxiliaryFields: [field('a1', 'A1'), field('a2', 'A2')],
      },
    });
    const { form } = await renderPreview(template);
    dragAndDrop(fieldButton('p1'), area('Secondary fields'));
    dragAndDrop(fieldButton('p1'), area('Auxiliary fields'));
    expect(form().getValues('jsonTemplate')).toEqual(template);

    dragAndDrop(fieldButton('s1'), area('Auxiliary fields'));
    const body = passJsonOf(form).storeCard;
    expect(body?.secondaryFields?.map((each) => each.key)).toEqual(['s2']);
    expect(body?.auxiliaryFields?.map((each) => each.key)).toEqual(['a1', 'a2', 's1']);
  });

  it('reorders the back fields', async () => {
    const { form } = await renderPreview(
      passJson({ generic: { backFields: [field('b1', 'B1'), field('b2', 'B2')] } }),
      { side: 'back' },
    );
    dragAndDrop(fieldButton('b1'), fieldButton('b2'));
    expect(passJsonOf(form).generic?.backFields?.map((each) => each.key)).toEqual(['b2', 'b1']);
  });
});
