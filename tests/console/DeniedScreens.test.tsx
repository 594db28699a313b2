import { act, screen } from '@testing-library/react';
import type { AuthProvider } from 'react-admin';
import { Right } from '../../domain/rights';
import type { Viewer } from '../../domain/schemas/user';
import { P1, aViewer, renderConsole, testAuthProvider } from './harness';
import { ticketDataProvider } from './ticket/ticketHarness';

jest.setTimeout(60_000);

const ROW = '00000000-0000-4000-8000-000000000001';

/**
 * The viewer's auth provider whose rights (getPermissions, canAccess) answer only once `release` is called: the
 * console as it is while the signed-in user's rights are still on their way.
 */
function slowRights(viewer: Viewer) {
  const real = testAuthProvider(viewer);
  let release = () => {};
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  const authProvider: AuthProvider = {
    ...real,
    getPermissions: async (params) => {
      await arrived;
      return real.getPermissions?.(params);
    },
    canAccess: async (params) => {
      await arrived;
      return real.canAccess!(params);
    },
  };
  return { authProvider, release: () => act(async () => release()) };
}

/** The console's own read, whatever the screen: the projects the viewer belongs to (their names, the menu). */
const LAYOUT_READ = 'getCompleteList identity/project';

/** Every read or write the screen asked of the API. */
function apiCalls(provider: Record<string, unknown>): string[] {
  return Object.entries(provider)
    .flatMap(([method, fn]) => {
      const mock = (fn as { mock?: { calls: unknown[][] } }).mock;
      return mock ? mock.calls.map((call) => `${method} ${String(call[0])}`) : [];
    })
    .filter((call) => call !== LAYOUT_READ);
}

/** A reader of passes and nothing else on project P1. */
const passReader = aViewer({ projects: { [P1]: Right.PASS_READ } });
/** Templates only: no passes, hence no pass reports. */
const templateReader = aViewer({ projects: { [P1]: Right.TEMPLATE_READ } });

const DENIED: Array<{ screen: string; path: string; viewer: Viewer }> = [
  { screen: 'the new pass page without PASS_CREATE', path: '/passes/pass/new', viewer: passReader },
  { screen: 'the template list without TEMPLATE_READ', path: '/passes/template', viewer: passReader },
  { screen: 'a template page without TEMPLATE_READ', path: `/passes/template/${ROW}`, viewer: passReader },
  {
    screen: 'the new template page without TEMPLATE_CREATE',
    path: '/passes/template/new',
    viewer: passReader,
  },
  { screen: 'the image list without IMAGE_READ', path: '/passes/image', viewer: passReader },
  { screen: 'the certificate list', path: '/passes/certificate', viewer: passReader },
  { screen: 'the pass list without PASS_READ', path: '/passes/pass', viewer: templateReader },
  { screen: 'a pass page without PASS_READ', path: `/passes/pass/${ROW}`, viewer: templateReader },
  { screen: 'the stamp card list without STAMP_MANAGE', path: '/passes/stampCard', viewer: passReader },
  { screen: 'the order list without the order rights', path: '/ticket/ticketOrder', viewer: passReader },
  {
    screen: 'the product list without the product rights',
    path: '/ticket/ticketProduct',
    viewer: passReader,
  },
  { screen: 'the order item list without its rights', path: '/ticket/ticketOrderItem', viewer: passReader },
  { screen: 'an image page without IMAGE_READ', path: `/passes/image/${ROW}`, viewer: passReader },
  { screen: 'a certificate page', path: `/passes/certificate/${ROW}`, viewer: passReader },
  { screen: 'a stamp card page without STAMP_MANAGE', path: `/passes/stampCard/${ROW}`, viewer: passReader },
  { screen: 'a user page of a non-administrator', path: `/identity/user/${ROW}`, viewer: passReader },
  {
    screen: 'a product page without the product rights',
    path: `/ticket/ticketProduct/${ROW}`,
    viewer: passReader,
  },
  { screen: 'the new product page', path: '/ticket/ticketProduct/new', viewer: passReader },
  { screen: 'the new e-shop page', path: '/ticket/ticketEshop/new', viewer: passReader },
  { screen: 'the new image page without IMAGE_MANAGE', path: '/passes/image/new', viewer: passReader },
  { screen: 'the new certificate page', path: '/passes/certificate/new', viewer: passReader },
  { screen: 'the user list of a non-administrator', path: '/identity/user', viewer: passReader },
  { screen: 'the audit trail of a non-administrator', path: '/identity/audit', viewer: passReader },
  { screen: 'accounting without TICKET_ACCOUNTING', path: '/ticket/ticketAccounting', viewer: passReader },
  { screen: 'the e-shop list without TICKET_ESHOP_READ', path: '/ticket/ticketEshop', viewer: passReader },
  {
    screen: 'an order page without the order rights',
    path: `/ticket/ticketOrder/${ROW}`,
    viewer: passReader,
  },
  { screen: 'a report without PASS_READ', path: '/report/passinwalletoverview', viewer: templateReader },
];

describe('a denied screen', () => {
  it.each(DENIED)(
    'shows 403 in place and reads nothing, also while the rights load: $screen',
    async ({ path, viewer }) => {
      const { provider } = ticketDataProvider();
      const rights = slowRights(viewer);
      let location = '';
      renderConsole({
        path,
        viewer,
        dataProvider: provider as never,
        authProvider: rights.authProvider,
        onLocation: ({ pathname }) => {
          location = pathname;
        },
      });
      // the console is up (its name in the menu), the rights not yet
      await screen.findAllByText('Passbase');
      await act(async () => {
        await Promise.resolve();
      });
      expect(apiCalls(provider)).toEqual([]);
      await rights.release();
      expect(await screen.findByText('Forbidden: Access is denied')).toBeInTheDocument();
      expect(location).toBe(path);
      expect(apiCalls(provider)).toEqual([]);
    },
  );
});
