import { screen } from '@testing-library/react';
import { admin, manager, memoryDataProvider, renderConsole } from './harness';

const open = (path: string) =>
  renderConsole({ path, viewer: admin, dataProvider: memoryDataProvider().dataProvider });

describe('error page', () => {
  it.each([
    ['400', 'Bad request', 'Probably you do not have enough rights. Please contact the administrator.'],
    [
      '403',
      'Forbidden: Access is denied',
      'Probably you do not have enough rights. Please contact the administrator.',
    ],
    ['404', 'Not found', 'Page or resource was not found. Please check your url or contact administrator'],
    ['500', 'Internal error', 'If the error is repeated, please contact the administrator.'],
  ])('/error/%s shows its title and text', async (status, title, text) => {
    open(`/error/${status}`);
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByText(status)).toBeInTheDocument();
  });

  it('/error without a status is an internal error (500)', async () => {
    open('/error');
    expect(await screen.findByText('Internal error')).toBeInTheDocument();
    expect(screen.getByText('500')).toBeInTheDocument();
  });

  it('shows no breadcrumb on an error route', async () => {
    open('/error/404');
    await screen.findByText('Not found');
    expect(screen.queryByRole('navigation', { name: 'breadcrumb' })).not.toBeInTheDocument();
  });

  it('an unknown route shows the not found page', async () => {
    open('/no/such/page');
    expect(
      await screen.findByText(
        'Page or resource was not found. Please check your url or contact administrator',
      ),
    ).toBeInTheDocument();
  });

  it('a list the viewer may not see shows the 403 page without asking the API', async () => {
    const data = memoryDataProvider();
    renderConsole({ path: '/identity/apiClient', viewer: manager, dataProvider: data.dataProvider });
    expect(await screen.findByText('Forbidden: Access is denied')).toBeInTheDocument();
    expect(data.provider.getList).not.toHaveBeenCalled();
  });
});
