import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import type { Template } from '../../../domain/schemas/template';
import { withReadableMessage } from '../../../src/dataProviders/httpClient';
import { admin, renderConsole } from '../harness';
import { T1, T2 } from '../passFixtures';
import { PR1, aProduct, aTicketTemplate, ticketDataProvider } from './ticketHarness';

jest.setTimeout(40_000);

/** A ticket template whose secondary field shows a placeholder, with or without a fallback. */
const withSeat = (value: unknown): Template =>
  aTicketTemplate({
    jsonTemplate: {
      ...aTicketTemplate().jsonTemplate,
      eventTicket: { secondaryFields: [{ key: 'seat', label: 'Seat', value }] },
    } as Template['jsonTemplate'],
  });

function openProduct(overrides: Parameters<typeof aProduct>[0] = {}, template?: Template[]) {
  const data = ticketDataProvider({ product: [aProduct(overrides)], template });
  renderConsole({ path: `/ticket/ticketProduct/${PR1}`, viewer: admin, dataProvider: data.dataProvider });
  return data;
}

const problems = () => screen.findByRole('alert', { name: 'Please correct the product:' });

describe('product VAT as a percentage', () => {
  it('shows a stored rate as a percentage and saves a typed percentage as a rate', async () => {
    const { provider } = openProduct({ vat: 0.21 });
    const vat = await screen.findByLabelText(/^VAT rate/);
    expect(vat).toHaveValue(21);
    expect(within(vat.closest('.MuiInputBase-root') as HTMLElement).getByText('%')).toBeInTheDocument();
    fireEvent.change(vat, { target: { value: '15' } });
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(provider.update).toHaveBeenCalled());
    expect(provider.update.mock.calls[0][1].data.vat).toBe(0.15);
  });

  it('says a VAT over 100 is out of range in plain words, and does not save it', async () => {
    const { provider } = openProduct({ vat: 0.21 });
    fireEvent.change(await screen.findByLabelText(/^VAT rate/), { target: { value: '150' } });
    const list = await problems();
    expect(within(list).getByText('VAT is a percentage from 0 to 100')).toBeInTheDocument();
    expect(screen.queryByText(/must be at most 1/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const title = await screen.findByText('Please correct the product:', { selector: '.MuiAlertTitle-root' });
    expect(title.parentElement).toHaveTextContent('VAT is a percentage from 0 to 100');
    expect(screen.queryByText('Some fields are required!')).not.toBeInTheDocument();
    expect(provider.update).not.toHaveBeenCalled();
  });
});

describe('new product', () => {
  const openNew = (locale?: string) => {
    const coffee = aTicketTemplate({ id: T2, name: 'Coffee card', jsonTemplate: { storeCard: {} } });
    const data = ticketDataProvider({ template: [coffee, aTicketTemplate()] });
    renderConsole({
      path: '/ticket/ticketProduct/new',
      viewer: admin,
      dataProvider: data.dataProvider,
      locale,
    });
    return data;
  };
  /** The templates chosen: the chips of the templates input. */
  const chosenTemplates = (label: string) =>
    within(screen.getByLabelText(label).closest('.MuiAutocomplete-root') as HTMLElement)
      .queryAllByRole('button')
      .map((chip) => chip.textContent)
      .filter((text) => text);

  it('is named Child in an English console and has no template chosen: Save asks for one', async () => {
    const data = openNew();
    expect(await screen.findByLabelText('Name *')).toHaveValue('Child');
    expect(chosenTemplates('Templates')).toEqual([]);
    fireEvent.change(screen.getByLabelText('Order'), { target: { value: '2' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const title = await screen.findByText('Some fields are required!', { selector: '.MuiAlertTitle-root' });
    expect(title.parentElement).toHaveTextContent('Templates must be filled in');
    expect(data.provider.create).not.toHaveBeenCalled();
  });

  it('is named Dětská in a Czech console, with no template chosen', async () => {
    openNew('cs');
    expect(await screen.findByLabelText('Název *')).toHaveValue('Dětská');
    expect(chosenTemplates('Šablony')).toEqual([]);
  });

  it('refuses a VAT over 100 in plain words', async () => {
    const data = openNew();
    await userEvent.click(await screen.findByLabelText('Templates'));
    await userEvent.click(await screen.findByRole('option', { name: 'Ticket' }));
    fireEvent.change(await screen.findByLabelText(/^VAT rate/), { target: { value: '150' } });
    // the price with VAT follows the typed rate on the New page too: the default 150 without VAT, and 150 %
    expect(screen.getByTestId('priceWithVat')).toHaveValue('375');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const title = await screen.findByText('Please correct the product:', { selector: '.MuiAlertTitle-root' });
    expect(title.parentElement).toHaveTextContent('VAT is a percentage from 0 to 100');
    expect(screen.queryByText('Some fields are required!')).not.toBeInTheDocument();
    expect(screen.queryByText(/Template "Coffee card"/)).not.toBeInTheDocument();
    expect(data.provider.create).not.toHaveBeenCalled();
  });
});

describe('product ticket contract', () => {
  it('names the template and the place of each error, and blocks Save while there is one', async () => {
    const coffee = aTicketTemplate({ id: T2, name: 'Coffee card', jsonTemplate: { storeCard: {} } });
    const { provider } = openProduct({ templateIds: [T1, T2] }, [aTicketTemplate(), coffee]);
    const list = await problems();
    expect(
      within(list).getByText(/^Template "Coffee card", barcodes: has no barcode: a ticket needs one/),
    ).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Name *'), { target: { value: 'Dětská sleva' } });
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    // the notification says what is wrong, in the same words
    const title = await screen.findByText('Please correct the product:', { selector: '.MuiAlertTitle-root' });
    expect(title.parentElement).toHaveTextContent(/Template "Coffee card", barcodes: has no barcode/);
    expect(screen.queryByText('Some fields are required!')).not.toBeInTheDocument();
    expect(provider.update).not.toHaveBeenCalled();
  });

  it('asks for the event a placeholder needs, and is content once the product has it', async () => {
    const { provider } = openProduct({}, [withSeat('#{eventVenue}')]);
    const list = await problems();
    expect(
      within(list).getByText(
        'Template "Ticket", secondary field "seat" (value): #{eventVenue} needs the product\'s event to have it (eventVenue): set it on the product',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Event' }));
    fireEvent.change(screen.getByLabelText('Venue'), { target: { value: 'City Park Stage' } });
    await waitFor(() =>
      expect(screen.queryByRole('alert', { name: 'Please correct the product:' })).not.toBeInTheDocument(),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(provider.update).toHaveBeenCalled());
    expect(provider.update.mock.calls[0][1].data.event).toEqual({
      venue: 'City Park Stage',
      startsAt: null,
      endsAt: null,
    });
  });

  it('refuses a placeholder the e-shop does not fill, though it has a fallback: every ticket would show it', async () => {
    const { provider } = openProduct({}, [
      withSeat({ type: 'string', value: '#{seat}', fallback: 'Free seating' }),
    ]);
    const list = await problems();
    expect(
      within(list).getByText(
        /^Template "Ticket", secondary field "seat" \(value\): #\{seat\} is not a field the e-shop fills .*: every ticket would show its fallback$/,
      ),
    ).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Name *'), { target: { value: 'Dětská sleva' } });
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByText('Please correct the product:', { selector: '.MuiAlertTitle-root' });
    expect(provider.update).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of a template under the templates input", async () => {
    const { provider } = openProduct();
    const message = 'template "Ticket": /jsonTemplate/barcodes has no barcode';
    provider.update.mockRejectedValueOnce(
      withReadableMessage(
        new HttpError('The template "Ticket" cannot issue this product\'s tickets', 400, {
          message: 'The template "Ticket" cannot issue this product\'s tickets',
          errors: [{ path: '/templateIds/0', message }],
        }),
      ),
    );
    fireEvent.change(await screen.findByLabelText('Name *'), { target: { value: 'Dětská sleva' } });
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(message, { selector: 'p' })).toBeInTheDocument();
  });
});

describe('product list', () => {
  it('flags a product whose templates cannot issue its tickets, naming the problem', async () => {
    const coffee = aTicketTemplate({ id: T2, name: 'Coffee card', jsonTemplate: { storeCard: {} } });
    const data = ticketDataProvider({
      product: [
        aProduct({ name: 'Adult' }),
        aProduct({ id: '00000000-0000-4000-8000-0000000000f2', name: 'Child', templateIds: [T2] }),
      ],
      template: [aTicketTemplate(), coffee],
    });
    renderConsole({ path: '/ticket/ticketProduct', viewer: admin, dataProvider: data.dataProvider });
    const child = (await screen.findByText('Child')).closest('tr') as HTMLElement;
    const flag = await within(child).findByRole('img', { name: 'Its templates cannot issue tickets:' });
    const adult = screen.getByText('Adult').closest('tr') as HTMLElement;
    expect(within(adult).queryByRole('img', { name: /cannot issue/ })).not.toBeInTheDocument();
    await userEvent.hover(flag);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Template "Coffee card", barcodes: has no barcode',
    );
  });
});
