import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { Right } from '../../domain/rights';
import { P1, aProject, aViewer, admin, memoryDataProvider, renderConsole } from './harness';

const open = (viewer = admin) =>
  renderConsole({ path: '/', viewer, dataProvider: memoryDataProvider().dataProvider });

/** The card a section's heading titles. */
const sectionOf = (heading: HTMLElement): HTMLElement => {
  const card = heading.closest<HTMLElement>('.MuiCard-root');
  if (!card) throw new Error('The heading is in no card.');
  return card;
};

describe('home page', () => {
  it('describes the console and links to the API documentation', async () => {
    open();
    expect(await screen.findByText('An application to view, manage and report passes.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'API documentation' })[0]).toHaveAttribute(
      'href',
      '/api/docs',
    );
  });

  it('shows an admin every section, identity management linking to projects and users', async () => {
    open();
    for (const title of [
      'Passes',
      'Templates',
      'Images',
      'Certificates',
      'Reports',
      'Stamps',
      'E-shops',
      'Products',
      'Orders',
      'Ticket validation',
      'Accounting',
      'Documentation',
      'Identity management',
    ]) {
      expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    }
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/identity/user');
    expect(within(main).getByRole('link', { name: 'Projects' })).toHaveAttribute('href', '/identity/project');
  });

  it('shows a pass reader passes and reports, not images, certificates or identity management', async () => {
    open(aViewer({ projects: { [P1]: Right.PASS_READ } }));
    expect(await screen.findByRole('heading', { name: 'Passes' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Reports' })).toBeInTheDocument();
    for (const title of ['Templates', 'Images', 'Certificates', 'Identity management']) {
      expect(screen.queryByRole('heading', { name: title })).not.toBeInTheDocument();
    }
    expect(screen.queryByText(/contact technical support/)).not.toBeInTheDocument();
  });

  it('shows a gate keeper (TICKET_ENTRY only) ticket validation and entries, and nothing they may not use', async () => {
    open(aViewer({ projects: { [P1]: Right.TICKET_ENTRY } }));
    const gate = sectionOf(await screen.findByRole('heading', { name: 'Ticket validation' }));
    expect(within(gate).getByText('Scan tickets at the gate and see the entries.')).toBeInTheDocument();
    expect(within(gate).getByRole('link', { name: 'Open' })).toHaveAttribute('href', '/ticket/validation');
    expect(within(gate).getByRole('link', { name: 'Entries' })).toHaveAttribute(
      'href',
      '/ticket/ticketEntry',
    );
    for (const title of [
      'Passes',
      'Templates',
      'Reports',
      'Stamps',
      'E-shops',
      'Products',
      'Orders',
      'Accounting',
      'Identity management',
    ]) {
      expect(screen.queryByRole('heading', { name: title })).not.toBeInTheDocument();
    }
  });

  it('shows an e-shop reader the e-shops and orders, and products only with the right to manage them', async () => {
    const { unmount } = open(aViewer({ projects: { [P1]: Right.TICKET_ESHOP_READ } }));
    const orders = sectionOf(await screen.findByRole('heading', { name: 'Orders' }));
    expect(within(orders).getByRole('link', { name: 'Open' })).toHaveAttribute('href', '/ticket/ticketOrder');
    expect(within(orders).getByRole('link', { name: 'Order items' })).toHaveAttribute(
      'href',
      '/ticket/ticketOrderItem',
    );
    const eshops = sectionOf(screen.getByRole('heading', { name: 'E-shops' }));
    expect(within(eshops).getByRole('link', { name: 'Open' })).toHaveAttribute('href', '/ticket/ticketEshop');
    for (const title of ['Products', 'Accounting', 'Ticket validation', 'Stamps']) {
      expect(screen.queryByRole('heading', { name: title })).not.toBeInTheDocument();
    }
    unmount();
    open(aViewer({ projects: { [P1]: Right.TICKET_ESHOP_READ | Right.TICKET_PRODUCT_MANAGE } }));
    const products = sectionOf(await screen.findByRole('heading', { name: 'Products' }));
    expect(within(products).getByRole('link', { name: 'Open' })).toHaveAttribute(
      'href',
      '/ticket/ticketProduct',
    );
  });

  it('shows the accounting and the stamp till to the holders of their rights', async () => {
    open(aViewer({ projects: { [P1]: Right.TICKET_ACCOUNTING | Right.STAMP_MANAGE } }));
    const accounting = sectionOf(await screen.findByRole('heading', { name: 'Accounting' }));
    expect(within(accounting).getByRole('link', { name: 'Open' })).toHaveAttribute(
      'href',
      '/ticket/ticketAccounting',
    );
    const stamp = sectionOf(screen.getByRole('heading', { name: 'Stamps' }));
    expect(within(stamp).getByRole('link', { name: 'Open' })).toHaveAttribute('href', '/stamp');
    expect(within(stamp).getByRole('link', { name: 'Stamp cards' })).toHaveAttribute(
      'href',
      '/passes/stampCard',
    );
    expect(screen.queryByRole('heading', { name: 'E-shops' })).not.toBeInTheDocument();
  });

  it('tells a user without projects to contact technical support', async () => {
    open(aViewer({ projects: {} }));
    await waitFor(() =>
      expect(
        screen.getByText(/You have no project yet. Please contact technical support at/),
      ).toBeInTheDocument(),
    );
    expect(screen.getByRole('link', { name: 'support@example.com' })).toHaveAttribute(
      'href',
      'mailto:support@example.com',
    );
  });
});

describe('home page demo data', () => {
  const answer = {
    projectId: P1,
    templates: [1, 2, 3, 4, 5].map((n) => ({ id: `t${n}`, name: `Template ${n}` })),
    passes: 1200,
    events: 35000,
    eshopId: 'e1e1e1e1-e1e1-4e1e-8e1e-e1e1e1e1e1e1',
  };

  function openWithDemo(viewer = admin, projects: ReturnType<typeof aProject>[] = []) {
    const data = memoryDataProvider({ project: projects });
    let finish: (value: typeof answer) => void = () => undefined;
    const createDemo = jest.fn(() => new Promise<typeof answer>((resolve) => (finish = resolve)));
    Object.assign(data.provider, { createDemo });
    renderConsole({ path: '/', viewer, dataProvider: data.dataProvider });
    return { createDemo, finish: (value = answer) => finish(value), data };
  }

  it('offers an administrator without projects to create the demo project, and tells how it went', async () => {
    const { createDemo, finish } = openWithDemo();
    expect(await screen.findByRole('heading', { name: 'Try it with demo data' })).toBeInTheDocument();
    expect(
      screen.getByText(/five templates.*an e-shop with two products and a paid order/),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create the demo project' }));
    expect(createDemo).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(/Creating the demo project/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create the demo project' })).toBeDisabled();
    finish();
    expect(
      await screen.findByText('The demo project is ready: 5 templates and 1,200 passes.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open its passes' })).toHaveAttribute(
      'href',
      `/passes/pass?filter=${encodeURIComponent(JSON.stringify({ projectId: P1 }))}`,
    );
    expect(screen.getByRole('link', { name: 'Open its e-shop' })).toHaveAttribute(
      'href',
      `/ticket/ticketEshop/${answer.eshopId}`,
    );
  });

  it("shows the server's reason when the demo project cannot be made", async () => {
    const data = memoryDataProvider();
    const createDemo = jest.fn(async () => {
      throw new HttpError('A demo project is being made already', 409, {});
    });
    Object.assign(data.provider, { createDemo });
    renderConsole({ path: '/', viewer: admin, dataProvider: data.dataProvider });
    await userEvent.click(await screen.findByRole('button', { name: 'Create the demo project' }));
    expect(
      await screen.findByText('The demo project could not be created: A demo project is being made already'),
    ).toBeInTheDocument();
  });

  it('is offered while no project is named Demo, and not once one is', async () => {
    const { unmount } = renderConsole({
      path: '/',
      viewer: admin,
      dataProvider: memoryDataProvider({ project: [aProject({ name: 'Acme' })] }).dataProvider,
    });
    expect(await screen.findByRole('heading', { name: 'Try it with demo data' })).toBeInTheDocument();
    unmount();
    const { data } = openWithDemo(admin, [aProject({ name: 'Demo' })]);
    expect(await screen.findByRole('heading', { name: 'Passes' })).toBeInTheDocument();
    await waitFor(() => expect(data.provider.getCompleteList).toHaveBeenCalledWith('identity/project'));
    await waitFor(() =>
      expect(data.provider.getCompleteList.mock.results[0]?.value).resolves.toHaveLength(1),
    );
    expect(screen.queryByRole('heading', { name: 'Try it with demo data' })).not.toBeInTheDocument();
  });

  it('is not offered to a user who is no administrator', async () => {
    const { createDemo } = openWithDemo(aViewer({ projects: {} }));
    expect(await screen.findByText(/You have no project yet/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Try it with demo data' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create the demo project' })).not.toBeInTheDocument();
    expect(createDemo).not.toHaveBeenCalled();
  });
});
