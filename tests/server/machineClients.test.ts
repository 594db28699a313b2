import { sql } from 'kysely';
import { Right } from '../../domain/rights';
import { describeOnEachDatabase, expectError } from './harness';
import { coreApi, templateBody } from './passFixtures';

/*
 * Machine clients (issue 29): a confidential API client signs in as itself with grant_type=client_credentials and
 * acts with the rights an administrator gave it per project; `scope` narrows a token to named rights.
 */

const TOKEN_URL = '/api/core/oauth2/token';
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

describeOnEachDatabase('Machine clients', (server) => {
  const api = coreApi(server);
  let admin: string;
  let projectA: string;
  let projectB: string;
  let templateA: { id: string };
  let templateB: { id: string };
  let client: { id: string; clientId: string; clientSecret: string };

  const token = (
    fields: Record<string, string>,
    authorization = basic(client.clientId, client.clientSecret),
  ) =>
    server().app.inject({
      method: 'POST',
      url: TOKEN_URL,
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization },
      payload: new URLSearchParams(fields).toString(),
    });
  const clientToken = async (scope?: string) => {
    const response = await token({ grant_type: 'client_credentials', ...(scope ? { scope } : {}) });
    expect(response.statusCode).toBe(200);
    return response.json().access_token as string;
  };
  const giveRights = (apiClientId: string, projectId: string, accessRights: number | null) =>
    api.call(admin, 'POST', `apiClient/${apiClientId}/project/${projectId}/rights`, { accessRights });

  beforeAll(async () => {
    admin = await server().adminToken();
    projectA = await server().createProject('Client A');
    projectB = await server().createProject('Client B');
    templateA = await api.created(admin, 'template', templateBody(projectA));
    templateB = await api.created(admin, 'template', templateBody(projectB));
    client = await api.created(admin, 'apiClient', { name: 'Warehouse sync' });
    const given = await giveRights(client.id, projectA, Right.PASS_CREATE | Right.PASS_READ);
    expect(given.json()).toEqual({ accessRights: Right.PASS_CREATE | Right.PASS_READ });
  });

  it('answers an access token without a refresh token, and no scope when none was asked', async () => {
    const response = await token({ grant_type: 'client_credentials' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 3600,
    });
  });

  it('acts on a project it has rights on, as itself, and the audit trail names it', async () => {
    const access = await clientToken();
    const me = (await api.call(access, 'GET', 'user/me')).json();
    expect(me).toMatchObject({
      id: client.id,
      isAdmin: false,
      apiClient: true,
      name: 'API client Warehouse sync',
    });
    expect(me.projects).toEqual({ [projectA]: Right.PASS_CREATE | Right.PASS_READ });
    const pass = await api.created(access, 'pass', {
      templateId: templateA.id,
      dynamicData: { name: 'Robot' },
    });
    expect((await api.call(access, 'GET', `pass/${pass.id}`)).statusCode).toBe(200);
    const audit = await server()
      .context.db.selectFrom('audit')
      .selectAll()
      .where('rowId', '=', pass.id)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      userId: client.id,
      userName: 'API client Warehouse sync',
      action: 'create',
    });
  });

  it('answers 404 for a project it has no rights on, and 403 for an action its rights lack', async () => {
    const access = await clientToken();
    const elsewhere = await api.created(admin, 'pass', {
      templateId: templateB.id,
      dynamicData: { name: 'B' },
    });
    expectError(await api.call(access, 'GET', `pass/${elsewhere.id}`), 404);
    // a template of another project is one it cannot name
    expectError(
      await api.call(access, 'POST', 'pass', { templateId: templateB.id, dynamicData: { name: 'x' } }),
      400,
      /templateId/,
    );
    const own = await api.created(access, 'pass', {
      templateId: templateA.id,
      dynamicData: { name: 'Mine' },
    });
    expectError(await api.call(access, 'DELETE', `pass/${own.id}`), 403);
    // no administration, no console session of a user
    expectError(await api.call(access, 'GET', 'apiClient'), 403);
    expectError(await server().call(access, { method: 'POST', url: '/api/core/auth/refresh' }), 401);
    expectError(
      await api.call(access, 'POST', 'user/me/changePassword', { currentPassword: 'x', newPassword: 'y' }),
      403,
      /API client has no password/,
    );
  });

  it('narrows a token to its scope and echoes it: a pass:read token cannot create', async () => {
    const response = await token({ grant_type: 'client_credentials', scope: 'pass:read' });
    expect(response.json().scope).toBe('pass:read');
    const access = response.json().access_token;
    expect((await api.call(access, 'GET', 'user/me')).json().projects).toEqual({
      [projectA]: Right.PASS_READ,
    });
    expectError(
      await api.call(access, 'POST', 'pass', { templateId: templateA.id, dynamicData: { name: 'x' } }),
      403,
    );
    expect((await api.call(access, 'GET', 'pass')).statusCode).toBe(200);
  });

  it('narrows a password sign-in too: an administrator with pass:read is no administrator', async () => {
    const response = await token({
      grant_type: 'password',
      username: 'admin@test.local',
      password: 'Admin-Passw0rd!',
      scope: 'pass:read pass:write',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().scope).toBe('pass:read pass:write');
    const me = (await api.call(response.json().access_token, 'GET', 'user/me')).json();
    expect(me.isAdmin).toBe(false);
    expectError(await api.call(response.json().access_token, 'GET', 'apiClient'), 403);
  });

  it('answers invalid_scope for a scope naming no right, and names the words it takes', async () => {
    const response = await token({ grant_type: 'client_credentials', scope: 'pass:read pass:fly' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('invalid_scope');
    expect(response.json().error_description).toMatch(/"pass:fly".*pass:write/);
  });

  it('sees rights given and taken at once', async () => {
    const access = await clientToken();
    await giveRights(client.id, projectB, Right.PASS_READ);
    expect((await api.call(access, 'GET', 'user/me')).json().projects[projectB]).toBe(Right.PASS_READ);
    const listed = await api.call(admin, 'GET', `apiClient/${client.id}/projects`);
    expect(listed.json()).toEqual({
      projects: { [projectA]: Right.PASS_CREATE | Right.PASS_READ, [projectB]: Right.PASS_READ },
    });
    await giveRights(client.id, projectB, null);
    expect((await api.call(access, 'GET', 'user/me')).json().projects[projectB]).toBeUndefined();
  });

  it('refuses a public client and a disabled one', async () => {
    const publicClient = await api.created(admin, 'apiClient', { name: 'App', isPublic: true });
    const refused = await token({ grant_type: 'client_credentials' }, basic(publicClient.clientId, ''));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('unauthorized_client');
    expectError(await giveRights(publicClient.id, projectA, Right.PASS_READ), 400);

    const disabled = await api.created(admin, 'apiClient', { name: 'Old sync' });
    await giveRights(disabled.id, projectA, Right.PASS_READ);
    const before = await token(
      { grant_type: 'client_credentials' },
      basic(disabled.clientId, disabled.clientSecret),
    );
    const access = before.json().access_token;
    expect((await api.call(access, 'GET', 'pass')).statusCode).toBe(200);
    await api.call(admin, 'PATCH', `apiClient/${disabled.id}`, { active: false });
    const after = await token(
      { grant_type: 'client_credentials' },
      basic(disabled.clientId, disabled.clientSecret),
    );
    expect(after.json().error).toBe('unauthorized_client');
    // its tokens stop with it
    expectError(await api.call(access, 'GET', 'pass'), 401);
  });

  it('lets only administrators give rights, and answers 404 for an unknown client or project', async () => {
    const user = await server().createUser();
    await server().setRights(projectA, user.id, Right.USER_UPDATE | Right.PASS_READ);
    expectError(
      await api.call(user.token, 'POST', `apiClient/${client.id}/project/${projectA}/rights`, {
        accessRights: Right.PASS_READ,
      }),
      403,
    );
    expectError(await giveRights('00000000-0000-4000-8000-000000000000', projectA, 1), 404);
    expectError(await giveRights(client.id, '00000000-0000-4000-8000-000000000000', 1), 404);
    expectError(await giveRights(client.id, projectA, 2 ** 40), 400);
  });

  it('deletes its sessions a day after they end (the maintenance)', async () => {
    const { maintenanceOf } = await import('../../server/kernel/maintenance');
    await clientToken();
    const sessions = () =>
      server().context.db.selectFrom('session').select('id').where('apiClientId', '=', client.id).execute();
    expect((await sessions()).length).toBeGreaterThan(0);
    await server()
      .context.db.updateTable('session')
      .set({ expiresAt: sql`now() - interval '25 hours'` })
      .where('apiClientId', '=', client.id)
      .execute();
    const done = await maintenanceOf(server().context)?.run();
    expect(done?.['session retention']).toBeGreaterThan(0);
    expect(await sessions()).toHaveLength(0);
  });
});
