import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { withReadableMessage } from '../../../src/dataProviders/httpClient';
import { admin, renderConsole } from '../harness';
import { E1, anEshop, ticketDataProvider } from './ticketHarness';

jest.setTimeout(40_000);

// one locale: the fixture's e-shop has the order email in Czech only (English would be asked for)
const czechEshop = (overrides: Parameters<typeof anEshop>[0] = {}) =>
  anEshop({ locales: ['cs'], ...overrides });

function openEshop() {
  const data = ticketDataProvider({ eshop: [czechEshop()] });
  renderConsole({ path: `/ticket/ticketEshop/${E1}`, viewer: admin, dataProvider: data.dataProvider });
  return data;
}

describe('e-shop seller and storefront', () => {
  it('saves the seller and the terms in the e-shop', async () => {
    const { provider } = openEshop();
    await userEvent.click(await screen.findByRole('tab', { name: 'Seller' }));
    const type = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    type('Legal name', 'Zoologická zahrada hl. m. Prahy');
    type('Registered address', 'U Trojského zámku 120/3\n171 00 Praha 7');
    type('Company ID (IČO)', '00064459');
    type('VAT ID (DIČ)', 'CZ00064459');
    await userEvent.click(screen.getByRole('switch', { name: 'VAT payer' }));
    type('Contact e-mail', 'eshop@zoopraha.cz');
    type('Register entry', 'Pr 1234 vedená u Městského soudu v Praze');
    type('Terms and conditions (URL)', 'https://www.zoopraha.cz/podminky');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(provider.update).toHaveBeenCalled());
    expect(provider.update.mock.calls[0][1].data).toMatchObject({
      seller: {
        legalName: 'Zoologická zahrada hl. m. Prahy',
        address: 'U Trojského zámku 120/3\n171 00 Praha 7',
        companyId: '00064459',
        vatId: 'CZ00064459',
        vatPayer: true,
        email: 'eshop@zoopraha.cz',
        registration: 'Pr 1234 vedená u Městského soudu v Praze',
      },
      termsUrl: 'https://www.zoopraha.cz/podminky',
    });
  });

  it('leaves an emptied seller input out instead of sending null', async () => {
    const data = ticketDataProvider({
      eshop: [czechEshop({ seller: { legalName: 'Zoo', vatId: 'CZ1' }, termsUrl: 'https://zoo.example' })],
    });
    renderConsole({ path: `/ticket/ticketEshop/${E1}`, viewer: admin, dataProvider: data.dataProvider });
    await userEvent.click(await screen.findByRole('tab', { name: 'Seller' }));
    await userEvent.clear(screen.getByLabelText('VAT ID (DIČ)'));
    await userEvent.clear(screen.getByLabelText('Terms and conditions (URL)'));
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(data.provider.update).toHaveBeenCalled());
    const sent = data.provider.update.mock.calls[0][1].data;
    expect(sent.seller).toEqual({ legalName: 'Zoo', vatPayer: false });
    expect(sent.termsUrl).toBe('');
  });

  it("links the e-shop's storefront, opening in a new tab", async () => {
    openEshop();
    const link = await screen.findByRole('link', { name: new RegExp(`/shop/${E1}$`) });
    expect(link).toHaveAttribute('href', `/shop/${E1}`);
    expect(link).toHaveAttribute('target', '_blank');
  });

  it("shows the server's refusal of a clashing order prefix on the prefix input", async () => {
    const { provider } = openEshop();
    const message =
      'The order prefix 9 clashes with 90 of the e-shop "Zoo Praha": every ticket number must name one e-shop. 91 is free.';
    provider.update.mockRejectedValueOnce(
      withReadableMessage(
        new HttpError(message, 400, { message, errors: [{ path: '/orderPrefix', message }] }),
      ),
    );
    const prefix = await screen.findByLabelText('Order prefix');
    expect(prefix).toHaveValue('90');
    fireEvent.change(prefix, { target: { value: '9' } });
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Order prefix')).toHaveAttribute('aria-invalid', 'true'),
    );
    const input = screen.getByLabelText('Order prefix').closest('.MuiFormControl-root') as HTMLElement;
    expect(input).toHaveTextContent(message);
  });
});

describe('new e-shop', () => {
  it('sends no order prefix, so that the server gives the next free one', async () => {
    const data = ticketDataProvider({ eshop: [] });
    renderConsole({ path: '/ticket/ticketEshop/new', viewer: admin, dataProvider: data.dataProvider });
    expect(
      await screen.findByText('Leave empty: the next free prefix is given when the e-shop is created.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Order prefix')).toHaveValue('');
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Zoo Brno' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(data.provider.create).toHaveBeenCalled());
    const sent = data.provider.create.mock.calls[0][1].data;
    expect(sent).toMatchObject({ name: 'Zoo Brno', seller: {}, termsUrl: '' });
    expect(sent).not.toHaveProperty('orderPrefix');
  });

  it('saves straight away with its defaults, nothing changed', async () => {
    const data = ticketDataProvider({ eshop: [] });
    renderConsole({ path: '/ticket/ticketEshop/new', viewer: admin, dataProvider: data.dataProvider });
    expect(await screen.findByLabelText(/^Name/)).toHaveValue('default');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeEnabled();
    await userEvent.click(save);
    await waitFor(() => expect(data.provider.create).toHaveBeenCalled());
    expect(data.provider.create.mock.calls[0][1].data).toMatchObject({
      name: 'default',
      active: true,
      locales: ['cs'],
      currency: 'CZK',
      currencyCode: 203,
      maxItems: 10,
      maxPriceWithVat: 1000,
    });
    expect(await screen.findByText('Create success')).toBeInTheDocument();
  });
});
