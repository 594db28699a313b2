import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Right } from '../../../domain/rights';
import type { JsonTemplateT } from '../../../domain/template/jsonTemplateSchema';
import { defaultJsonTemplate } from '../../../domain/template/defaults';
import { Designer } from '../../../src/designer/Designer';
import { useDesigner } from '../../../src/designer/DesignerContext';
import { withTicketPlaceholders } from '../../../src/designer/ticketPlaceholders';
import { ValueInput } from '../../../src/designer/values/ValueInput';
import { P1, aViewer, memoryDataProvider } from '../harness';
import { TEMPLATE_ID, aTemplate, renderDesigner } from './renderDesigner';

/** The description of the pass.json, as the designer edits it. */
const DescriptionInput = () => {
  const { jsonTemplate, update } = useDesigner();
  return (
    <ValueInput
      label="Description"
      path="/description"
      kind="string"
      required
      value={jsonTemplate.description}
      onChange={(value) => update((template) => ({ ...template, description: value }) as JsonTemplateT)}
    />
  );
};

const storeCard = (): JsonTemplateT => ({ ...defaultJsonTemplate(), description: 'Hello' });
const eventTicket = (): JsonTemplateT => ({ ...storeCard(), storeCard: undefined, eventTicket: {} });

/** The in-memory API with a product issuing its tickets from the given templates. */
function withProduct(templateIds: string[]) {
  const data = memoryDataProvider();
  data.tables.product = [{ id: 'f1f1f1f1-f1f1-4f1f-8f1f-f1f1f1f1f1f1', name: 'Adult', templateIds }];
  return data;
}

const openMenu = async () => {
  await userEvent.click(await screen.findByRole('button', { name: 'Insert placeholder' }));
  return screen.findByRole('menu');
};

describe('ticket placeholders in the designer', () => {
  it('puts the contract after the schema, leaving out what the schema names', () => {
    const options = withTicketPlaceholders([{ name: 'holderName', type: 'string' }], 'cs');
    expect(options[0]).toEqual({ name: 'holderName', type: 'string' });
    expect(options.filter((option) => option.name === 'holderName')).toHaveLength(1);
    expect(options.find((option) => option.name === 'ticketSecret')).toEqual({
      name: 'ticketSecret',
      type: 'string',
      title: 'Kód vstupenky (pro čárový kód)',
      group: 'ticket',
    });
    expect(options.find((option) => option.name === 'eventStart')?.type).toBe('date');
  });

  it("offers the ticket's fields, under their heading, for a template a product issues tickets from", async () => {
    renderDesigner(<DescriptionInput />, aTemplate(storeCard()), {
      dataProvider: withProduct([TEMPLATE_ID]),
    });
    const menu = await openMenu();
    expect(within(menu).getByText('Ticket (filled in by the e-shop)')).toBeInTheDocument();
    const secret = within(menu).getByRole('menuitem', { name: /#\{ticketSecret\}/ });
    expect(secret).toHaveTextContent('Ticket code (for the barcode)');
    expect(within(menu).getByRole('menuitem', { name: /#\{eventVenue\}/ })).toBeInTheDocument();
  });

  it('offers none of them for a template no product uses', async () => {
    const data = withProduct([]);
    renderDesigner(<DescriptionInput />, aTemplate(eventTicket()), { dataProvider: data });
    await screen.findByRole('textbox', { name: 'Description' });
    // the products are read: an event ticket nobody sells is no ticket template
    await waitFor(() =>
      expect(data.provider.getList).toHaveBeenCalledWith('ticket/ticketProduct', expect.anything()),
    );
    await act(() => data.provider.getList.mock.results[0].value);
    expect(screen.queryByRole('button', { name: 'Insert placeholder' })).not.toBeInTheDocument();
  });

  it('offers them for event tickets to a designer who cannot read products', async () => {
    const designer = aViewer({ projects: { [P1]: Right.TEMPLATE_READ | Right.TEMPLATE_UPDATE } });
    const data = withProduct([]);
    renderDesigner(<DescriptionInput />, aTemplate(eventTicket()), { dataProvider: data, viewer: designer });
    const menu = await openMenu();
    expect(within(menu).getByRole('menuitem', { name: /#\{holderName\}/ })).toBeInTheDocument();
    expect(data.provider.getList).not.toHaveBeenCalledWith('ticket/ticketProduct', expect.anything());
  });

  it("fills the preview from the contract's sample", async () => {
    const json: JsonTemplateT = {
      ...eventTicket(),
      eventTicket: {
        primaryFields: [
          {
            key: 'holder',
            label: 'Holder',
            value: { type: 'string', value: '#{holderName}', fallback: 'Guest' },
          },
        ],
      },
      barcodes: [{ format: 'PKBarcodeFormatQR', message: '#{ticketSecret}', messageEncoding: 'iso-8859-1' }],
    } as JsonTemplateT;
    renderDesigner(<Designer readOnly={false} errors={[]} warnings={[]} />, aTemplate(json), {
      dataProvider: withProduct([TEMPLATE_ID]),
    });
    expect(await screen.findByText('Jana Nováková')).toBeInTheDocument();
  });
});
