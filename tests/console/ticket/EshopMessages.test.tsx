import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { admin, renderConsole } from '../harness';
import { E1, anEshop, ticketDataProvider } from './ticketHarness';

jest.setTimeout(40_000);

function openLocalization(messages: Record<string, Record<string, string>> = {}) {
  // one locale: the fixture's e-shop has the order email in Czech only (English would be asked for)
  const data = ticketDataProvider({ eshop: [anEshop({ locales: ['cs'], messages })] });
  renderConsole({ path: `/ticket/ticketEshop/${E1}`, viewer: admin, dataProvider: data.dataProvider });
  return data;
}

describe('e-shop messages', () => {
  it("offers one input per message key and locale, with the version's text as a hint, and saves a typed one", async () => {
    const { provider } = openLocalization();
    await userEvent.click(await screen.findByRole('tab', { name: 'Localization' }));
    expect(screen.getByText('Messages (cs)')).toBeInTheDocument();
    const title = screen.getByRole('textbox', { name: 'basket.title (cs)' });
    expect(title).toHaveValue('');
    expect(title).toHaveAttribute('placeholder', 'Košík');
    fireEvent.change(title, { target: { value: 'Nákupní košík' } });
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(provider.update).toHaveBeenCalled());
    expect(provider.update.mock.calls[0][1].data.messages).toEqual({
      cs: { 'basket.title': 'Nákupní košík' },
    });
  });

  it("leaves an emptied message out, so that the storefront shows the version's", async () => {
    const { provider } = openLocalization({ cs: { 'basket.title': 'Můj košík', 'checkout.pay': 'Platit' } });
    await userEvent.click(await screen.findByRole('tab', { name: 'Localization' }));
    const title = screen.getByRole('textbox', { name: 'basket.title (cs)' });
    expect(title).toHaveValue('Můj košík');
    fireEvent.change(title, { target: { value: '' } });
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(provider.update).toHaveBeenCalled());
    expect(provider.update.mock.calls[0][1].data.messages).toEqual({ cs: { 'checkout.pay': 'Platit' } });
  });
});
