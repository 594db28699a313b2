import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { withReadableMessage } from '../../../src/dataProviders/httpClient';
import { Right } from '../../../domain/rights';
import { P1, aViewer, admin, renderConsole } from '../harness';
import { PR1, aProduct, ticketDataProvider } from './ticketHarness';

jest.setTimeout(40_000);

function openProduct(overrides: Parameters<typeof aProduct>[0] = {}) {
  const data = ticketDataProvider({ product: [aProduct(overrides)] });
  renderConsole({ path: `/ticket/ticketProduct/${PR1}`, viewer: admin, dataProvider: data.dataProvider });
  return data;
}

const problems = () => screen.findByRole('alert', { name: 'Please correct the product:' });

describe('product edit', () => {
  it('lists the title problems of each e-shop locale as soon as it opens', async () => {
    openProduct({ title: { cs: 'Dě' } });
    const list = await problems();
    expect(within(list).getByText('Title (cs) must be at least 3 characters long (cs)')).toBeInTheDocument();
    expect(
      within(list).getByText('Title (en) is required for the e-shop\'s locale "en"'),
    ).toBeInTheDocument();
  });

  it('shows no problem for a valid product, and the admin tabs', async () => {
    openProduct();
    await screen.findByRole('tab', { name: 'Ticket service' });
    for (const tab of ['Edit', 'Localization', 'Validity', 'JSON'])
      expect(screen.getByRole('tab', { name: tab })).toBeInTheDocument();
    expect(screen.queryByRole('alert', { name: 'Please correct the product:' })).not.toBeInTheDocument();
  });

  it('computes the price with VAT as the VAT rate is typed', async () => {
    openProduct({ priceWithoutVat: 150, vat: 0 });
    const vat = await screen.findByLabelText(/^VAT rate/);
    expect(screen.getByTestId('priceWithVat')).toHaveValue('150');
    fireEvent.change(vat, { target: { value: '21' } });
    await waitFor(() => expect(screen.getByTestId('priceWithVat')).toHaveValue('181.5'));
    expect(screen.getByTestId('priceWithVat')).toHaveAttribute('readonly');
  });

  it('creates an empty warning title when the warning is switched on', async () => {
    openProduct({ warningEnabled: false, warningTitle: {} });
    await userEvent.click(await screen.findByRole('tab', { name: 'Localization' }));
    expect(screen.queryByLabelText('Warning title (cs)')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: 'Warning' }));
    expect(await screen.findByLabelText('Warning title (cs)')).toHaveValue('');
    expect(screen.getByLabelText('Warning title (en)')).toHaveValue('');
    const list = await problems();
    expect(
      within(list).getByText('Warning title (cs) is required for the e-shop\'s locale "cs"'),
    ).toBeInTheDocument();
  });

  it('switches the validity inputs with the period type', async () => {
    openProduct();
    await userEvent.click(await screen.findByRole('tab', { name: 'Validity' }));
    expect(screen.getByLabelText('Days of validity')).toHaveValue(30);
    await userEvent.click(screen.getByRole('radio', { name: 'Fixed interval' }));
    expect(await screen.findByLabelText('Valid from')).toBeInTheDocument();
    expect(screen.getByLabelText('Valid to')).toBeInTheDocument();
    expect(screen.queryByLabelText('Days of validity')).not.toBeInTheDocument();
    expect(await problems()).toHaveTextContent('Period (intervalFrom) is required for an interval');
  });

  it('shows the number service config only for a service that is not simple', async () => {
    openProduct();
    await userEvent.click(await screen.findByRole('tab', { name: 'Ticket service' }));
    expect(screen.queryByLabelText('Tariff')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Number service' }));
    await userEvent.click(await screen.findByRole('option', { name: 'elvis' }));
    expect(await screen.findByLabelText('Tariff')).toBeInTheDocument();
  });

  it('saves the config of the chosen service: none after going back to simple', async () => {
    const { provider } = openProduct({ numberServiceUrl: 'elvis', numberServiceConfig: { tariff: 7 } });
    await userEvent.click(await screen.findByRole('tab', { name: 'Ticket service' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Number service' }));
    await userEvent.click(await screen.findByRole('option', { name: 'simple' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(provider.update).toHaveBeenCalled());
    expect(provider.update.mock.calls[0][1].data).toMatchObject({
      numberServiceUrl: 'simple',
      numberServiceConfig: null,
    });
  });

  it('leaves an empty tariff out of the config instead of sending null', async () => {
    const { provider } = openProduct({ numberServiceUrl: 'elvis', numberServiceConfig: { tariff: 7 } });
    await userEvent.click(await screen.findByRole('tab', { name: 'Ticket service' }));
    await userEvent.clear(await screen.findByLabelText('Tariff'));
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(provider.update).toHaveBeenCalled());
    expect(provider.update.mock.calls[0][1].data).toMatchObject({
      numberServiceUrl: 'elvis',
      numberServiceConfig: null,
    });
  });

  it("shows the server's refusal of the config on the Tariff input and in the notification", async () => {
    const { provider } = openProduct({ numberServiceUrl: 'elvis', numberServiceConfig: { tariff: 7 } });
    const message = 'Invalid request: after the merge, "numberServiceConfig.tariff" must be integer.';
    // the refusal as the console's HTTP client hands it over, the API's errors by field
    provider.update.mockRejectedValueOnce(
      withReadableMessage(
        new HttpError(message, 400, {
          statusCode: 400,
          error: 'Bad Request',
          message,
          errors: [{ path: 'numberServiceConfig.tariff', message: 'must be integer' }],
        }),
      ),
    );
    await userEvent.click(await screen.findByRole('tab', { name: 'Ticket service' }));
    fireEvent.change(await screen.findByLabelText('Tariff'), { target: { value: '8' } });
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('must be integer')).toBeInTheDocument();
    expect(screen.getByLabelText('Tariff')).toHaveAttribute('aria-invalid', 'true');
    expect(
      await screen.findByText(new RegExp('numberServiceConfig.tariff: must be integer')),
    ).toBeInTheDocument();
    expect(screen.queryByText('Some fields are required!')).not.toBeInTheDocument();
    // the next save is not blocked by the last refusal
    fireEvent.change(screen.getByLabelText('Tariff'), { target: { value: '9' } });
    const apply = screen.getByRole('button', { name: 'Apply' });
    // enabled again once the refused save has ended
    await waitFor(() => expect(apply).toBeEnabled());
    await userEvent.click(apply);
    await waitFor(() => expect(provider.update).toHaveBeenCalledTimes(2));
    expect(provider.update.mock.calls[1][1].data).toMatchObject({ numberServiceConfig: { tariff: 9 } });
  });

  it("shows the server's refusal of the whole config under the service, and never sends a hidden one", async () => {
    const { provider } = openProduct({ numberServiceUrl: 'elvis', numberServiceConfig: { tariff: 7 } });
    provider.update.mockRejectedValueOnce(
      withReadableMessage(
        new HttpError('Invalid request: "numberServiceConfig" must be object.', 400, {
          message: 'Invalid request: "numberServiceConfig" must be object.',
          errors: [{ path: '/numberServiceConfig', message: 'must be object' }],
        }),
      ),
    );
    await userEvent.click(await screen.findByRole('tab', { name: 'Ticket service' }));
    fireEvent.change(await screen.findByLabelText('Tariff'), { target: { value: '8' } });
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('must be object')).toBeInTheDocument();
    // switched to another service and back: only the chosen service's config goes
    await userEvent.click(screen.getByRole('combobox', { name: 'Number service' }));
    await userEvent.click(await screen.findByRole('option', { name: 'simple' }));
    const apply = screen.getByRole('button', { name: 'Apply' });
    await waitFor(() => expect(apply).toBeEnabled());
    await userEvent.click(apply);
    await waitFor(() => expect(provider.update).toHaveBeenCalledTimes(2));
    expect(provider.update.mock.calls[1][1].data).toMatchObject({
      numberServiceUrl: 'simple',
      numberServiceConfig: null,
    });
  });

  it('blocks Save while the product is invalid', async () => {
    const { provider } = openProduct({ title: { cs: 'Dě', en: 'Child' } });
    const name = await screen.findByLabelText('Name *');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    fireEvent.change(name, { target: { value: 'Dětská sleva' } });
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    expect(await screen.findByText('Some fields are required!')).toBeInTheDocument();
    expect(provider.update).not.toHaveBeenCalled();
  });

  it('saves a valid change', async () => {
    const { provider } = openProduct();
    fireEvent.change(await screen.findByLabelText('Name *'), { target: { value: 'Dětská sleva' } });
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(provider.update).toHaveBeenCalled());
    expect(provider.update.mock.calls[0][1].data).toMatchObject({ name: 'Dětská sleva' });
  });

  it('hides the admin tabs from a product manager', async () => {
    const data = ticketDataProvider({ product: [aProduct()] });
    const viewer = aViewer({ projects: { [P1]: Right.TICKET_PRODUCT_MANAGE | Right.TICKET_ESHOP_READ } });
    renderConsole({ path: `/ticket/ticketProduct/${PR1}`, viewer, dataProvider: data.dataProvider });
    await screen.findByRole('tab', { name: 'Validity' });
    expect(screen.queryByRole('tab', { name: 'Ticket service' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'JSON' })).not.toBeInTheDocument();
  });

  it('offers Delete to a product manager, whom the rules let delete', async () => {
    const data = ticketDataProvider({ product: [aProduct()] });
    const viewer = aViewer({ projects: { [P1]: Right.TICKET_PRODUCT_MANAGE | Right.TICKET_ESHOP_READ } });
    renderConsole({ path: `/ticket/ticketProduct/${PR1}`, viewer, dataProvider: data.dataProvider });
    expect(await screen.findByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });
});
