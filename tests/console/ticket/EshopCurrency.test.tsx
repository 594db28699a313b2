import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { admin, renderConsole } from '../harness';
import { E1, anEshop, ticketDataProvider } from './ticketHarness';

jest.setTimeout(40_000);

function openBasket(overrides: Parameters<typeof anEshop>[0] = {}, locale?: string) {
  const data = ticketDataProvider({ eshop: [anEshop({ locales: ['cs'], ...overrides })] });
  renderConsole({
    path: `/ticket/ticketEshop/${E1}`,
    viewer: admin,
    dataProvider: data.dataProvider,
    locale,
  });
  return data;
}

describe('e-shop currency', () => {
  it('is one picker setting both the ISO letters and number', async () => {
    const { provider } = openBasket();
    await userEvent.click(await screen.findByRole('tab', { name: 'Basket' }));
    const picker = screen.getByRole('combobox', { name: 'Currency' });
    expect(picker).toHaveTextContent('CZK – Czech Koruna (Kč)');
    expect(screen.getByText('ISO 4217 number: 203')).toBeInTheDocument();
    expect(screen.queryByLabelText('Currency code')).not.toBeInTheDocument();
    await userEvent.click(picker);
    const options = within(screen.getByRole('listbox'));
    for (const name of [
      'USD – US Dollar ($)',
      'GBP – British Pound (£)',
      'PLN – Polish Zloty (zł)',
      'CHF – Swiss Franc',
    ])
      expect(options.getByRole('option', { name })).toBeInTheDocument();
    await userEvent.click(options.getByRole('option', { name: 'EUR – Euro (€)' }));
    expect(await screen.findByText('ISO 4217 number: 978')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(provider.update).toHaveBeenCalled());
    expect(provider.update.mock.calls[0][1].data).toMatchObject({ currency: 'EUR', currencyCode: 978 });
  });

  it('names the currencies in the Czech console in Czech', async () => {
    openBasket({}, 'cs');
    await userEvent.click(await screen.findByRole('tab', { name: 'Košík' }));
    expect(screen.getByRole('combobox', { name: 'Měna' })).toHaveTextContent('CZK – česká koruna (Kč)');
  });

  it("keeps an e-shop's currency that is not a common one, with its number", async () => {
    openBasket({ currency: 'JPY', currencyCode: 392 });
    await userEvent.click(await screen.findByRole('tab', { name: 'Basket' }));
    expect(screen.getByRole('combobox', { name: 'Currency' })).toHaveTextContent(/^JPY – Japanese Yen/);
    expect(screen.getByText('ISO 4217 number: 392')).toBeInTheDocument();
  });
});
