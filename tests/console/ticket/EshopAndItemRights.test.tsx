import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Right } from '../../../domain/rights';
import { P1, aViewer, admin, renderConsole } from '../harness';
import { E1, I1, anEshop, anOrderItem, ticketDataProvider } from './ticketHarness';

jest.setTimeout(40_000);

const eshopReader = aViewer({ projects: { [P1]: Right.TICKET_ESHOP_READ } });

describe('e-shop edit', () => {
  it('gives an admin every tab and Save', async () => {
    renderConsole({
      path: `/ticket/ticketEshop/${E1}`,
      viewer: admin,
      dataProvider: ticketDataProvider().dataProvider,
    });
    for (const tab of ['Basic', 'Basket', 'Localization', 'Email', 'Wysiwyg', 'JSON'])
      expect(await screen.findByRole('tab', { name: tab })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it("refuses to save a name of spaces with the spec's message", async () => {
    const data = ticketDataProvider({ eshop: [anEshop()] });
    renderConsole({ path: `/ticket/ticketEshop/${E1}`, viewer: admin, dataProvider: data.dataProvider });
    const name = await screen.findByLabelText(/Name/);
    await userEvent.clear(name);
    await userEvent.type(name, '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please, fill this mandatory field: Name')).toBeInTheDocument();
    expect(data.provider.update).not.toHaveBeenCalled();
  });

  it('shows a reader the e-shop without the admin tabs and without Save', async () => {
    const data = ticketDataProvider({ eshop: [anEshop()] });
    renderConsole({
      path: `/ticket/ticketEshop/${E1}`,
      viewer: eshopReader,
      dataProvider: data.dataProvider,
    });
    expect(await screen.findByRole('tab', { name: 'Email' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Wysiwyg' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'JSON' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});

describe('order item links', () => {
  const PASS = '55555555-5555-4555-8555-555555555555';

  it('disables the pass link without PASS_READ and PASS_UPDATE on the project', async () => {
    const data = ticketDataProvider({ orderItem: [anOrderItem({ passId: PASS })] });
    renderConsole({
      path: `/ticket/ticketOrderItem/${I1}`,
      viewer: eshopReader,
      dataProvider: data.dataProvider,
    });
    await screen.findByLabelText('Max entries');
    expect(await screen.findByRole('button', { name: 'Pass' })).toBeDisabled();
  });

  it('opens the pass for a holder of both rights', async () => {
    const data = ticketDataProvider({ orderItem: [anOrderItem({ passId: PASS })] });
    const viewer = aViewer({
      projects: { [P1]: Right.TICKET_ESHOP_READ | Right.PASS_READ | Right.PASS_UPDATE },
    });
    renderConsole({ path: `/ticket/ticketOrderItem/${I1}`, viewer, dataProvider: data.dataProvider });
    expect(await screen.findByRole('link', { name: 'Pass' })).toHaveAttribute('href', `/passes/pass/${PASS}`);
  });
});

describe('order item entry count', () => {
  it('is disabled with the reason for a viewer without TICKET_ENTRY', async () => {
    const data = ticketDataProvider({ orderItem: [anOrderItem()] });
    renderConsole({
      path: `/ticket/ticketOrderItem/${I1}`,
      viewer: eshopReader,
      dataProvider: data.dataProvider,
    });
    await screen.findByLabelText('Max entries');
    expect(await screen.findByText(/needs the right "Record ticket entries"/)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Entries/ })).toHaveAttribute('aria-disabled', 'true');
  });

  it('can be changed by a holder of TICKET_ENTRY', async () => {
    const data = ticketDataProvider({ orderItem: [anOrderItem()] });
    const viewer = aViewer({ projects: { [P1]: Right.TICKET_ESHOP_READ | Right.TICKET_ENTRY } });
    renderConsole({ path: `/ticket/ticketOrderItem/${I1}`, viewer, dataProvider: data.dataProvider });
    await screen.findByLabelText('Max entries');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /Entries/ })).not.toHaveAttribute('aria-disabled'),
    );
    expect(screen.queryByText(/needs the right/)).not.toBeInTheDocument();
  });
});
