import type { InjectOptions } from 'fastify';
import { Right } from '../../domain/rights';
import { ADMIN, describeOnEachDatabase, expectError } from './harness';

const NOT_SECURE = 'Your current password is not valid or new password is not secure...';

describeOnEachDatabase('identity', (server) => {
  let admin: string;
  const api = (token: string | undefined, method: InjectOptions['method'], path: string, payload?: unknown) =>
    server().call(token, {
      method,
      url: `/api/core/v1/${path}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const signIn = (email: string, password: string) =>
    server().call(undefined, { method: 'POST', url: '/api/core/auth/login', payload: { email, password } });

  beforeAll(async () => {
    admin = await server().adminToken();
  }, 30_000);

  describe('project lifecycle and e-mail changes', () => {
    it('refuses to delete a project that still has sub-projects or templates (409), then deletes it once empty', async () => {
      const parent = await server().createProject('Parent with child');
      const child = await server().createProject('Child', parent);
      expectError(await api(admin, 'DELETE', `project/${parent}`), 409, /1 sub-project\(s\)/);
      expect((await api(admin, 'GET', `project/${parent}`)).statusCode).toBe(200);
      expect((await api(admin, 'DELETE', `project/${child}`)).statusCode).toBe(200);
      expect((await api(admin, 'DELETE', `project/${parent}`)).statusCode).toBe(200);
    });

    it("lets only an administrator change another user's e-mail", async () => {
      const project = await server().createProject('E-mail rules');
      const manager = await server().createUser();
      const member = await server().createUser();
      await server().setRights(project, manager.id, Right.USER_UPDATE);
      await server().setRights(project, member.id, 0);
      expectError(
        await api(manager.token, 'PATCH', `user/${member.id}`, { email: 'taken-over@test.local' }),
        403,
        /email/,
      );
      const renamed = await api(manager.token, 'PATCH', `user/${member.id}`, {
        displayName: 'Renamed',
        email: member.email.toUpperCase(),
      });
      expect(renamed.statusCode).toBe(200);
      const changed = await api(admin, 'PATCH', `user/${member.id}`, { email: `new-${member.email}` });
      expect(changed.json().email).toBe(`new-${member.email}`);
    });
  });

  describe('GET /user/me', () => {
    it('answers {id, email, displayName, name, isAdmin, projects}', async () => {
      const project = await server().createProject('Me project');
      const user = await server().createUser();
      await server().setRights(project, user.id, Right.PASS_READ | Right.TEMPLATE_READ);
      const response = await api(user.token, 'GET', 'user/me');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: user.id,
        email: user.email,
        displayName: expect.stringMatching(/^User \d+$/),
        name: response.json().displayName,
        isAdmin: false,
        projects: { [project]: Right.PASS_READ | Right.TEMPLATE_READ },
      });
      const self = (await api(admin, 'GET', 'user/me')).json();
      expect(self).toEqual({
        id: expect.any(String),
        email: ADMIN.email,
        displayName: expect.any(String),
        name: expect.any(String),
        isAdmin: true,
        projects: {},
      });
    });

    it('names a user without a display name by their e-mail', async () => {
      const created = await api(admin, 'POST', 'user', {
        email: 'nameless@test.local',
        password: 'Nameless-Passw0rd!',
      });
      expect(created.statusCode).toBe(201);
      const token = await server().login('nameless@test.local', 'Nameless-Passw0rd!');
      expect((await api(token, 'GET', 'user/me')).json()).toMatchObject({
        displayName: '',
        name: 'nameless@test.local',
      });
    });
  });

  describe('change password', () => {
    let user: { id: string; email: string; password: string; token: string };
    const change = (token: string, currentPassword: string, newPassword: string) =>
      api(token, 'POST', 'user/me/changePassword', { currentPassword, newPassword });

    beforeAll(async () => {
      user = await server().createUser();
    }, 30_000);

    it("answers 400 'Current password cannot be empty.' for an empty current password", async () => {
      expectError(
        await change(user.token, '', 'Brand-New-Passw0rd!'),
        400,
        /^Current password cannot be empty\.$/,
      );
    });

    it('answers 400 with the not-secure message for a wrong current password', async () => {
      const body = expectError(await change(user.token, 'Wrong-Passw0rd!', 'Brand-New-Passw0rd!'), 400);
      expect(body.message).toBe(NOT_SECURE);
    });

    it.each([
      ['7 characters', 'Aa!4567'],
      ['129 characters', `Aa!${'x'.repeat(126)}`],
      ['no uppercase letter', 'lower-case-only!1'],
      ['no lowercase letter', 'UPPER-CASE-ONLY!1'],
      ['no special character', 'NoSpecialChars123'],
      ['nothing', ''],
    ])('answers 400 with the not-secure message for a new password with %s', async (_rule, newPassword) => {
      const body = expectError(await change(user.token, user.password, newPassword), 400);
      expect(body.message).toBe(NOT_SECURE);
    });

    it('leaves the old password working after every refused change', async () => {
      expect((await signIn(user.email, user.password)).statusCode).toBe(200);
    });

    it('answers 400 for a body without the fields, or with unknown ones', async () => {
      expectError(
        await api(user.token, 'POST', 'user/me/changePassword', { newPassword: 'Brand-New-Passw0rd!' }),
        400,
        /currentPassword/,
      );
      expectError(
        await api(user.token, 'POST', 'user/me/changePassword', {
          currentPassword: user.password,
          newPassword: 'Brand-New-Passw0rd!',
          confirm: 'Brand-New-Passw0rd!',
        }),
        400,
        /confirm/,
      );
    });

    it('answers 204 on success: the old password stops, the new one signs in, other sessions end, this one goes on', async () => {
      const other = await server().login(user.email, user.password);
      expect((await api(other, 'GET', 'user/me')).statusCode).toBe(200);
      const newPassword = `Ab!${'c'.repeat(125)}`;
      const response = await change(user.token, user.password, newPassword);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');

      expectError(await api(other, 'GET', 'user/me'), 401);
      expectError(await server().call(other, { method: 'POST', url: '/api/core/auth/refresh' }), 401);
      expect((await api(user.token, 'GET', 'user/me')).json().id).toBe(user.id);
      expect(
        (await server().call(user.token, { method: 'POST', url: '/api/core/auth/refresh' })).statusCode,
      ).toBe(200);

      expectError(await signIn(user.email, user.password), 401, 'Invalid credentials');
      expect((await signIn(user.email, newPassword)).statusCode).toBe(200);

      const shortest = 'Ab!defgh';
      expect((await change(user.token, newPassword, shortest)).statusCode).toBe(204);
      expect((await signIn(user.email, shortest)).statusCode).toBe(200);
    });

    it("ends the user's sessions when an administrator sets a new password for them", async () => {
      const target = await server().createUser();
      const response = await api(admin, 'PATCH', `user/${target.id}`, { password: 'Reset-By-Admin1!' });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('Reset-By-Admin1!');
      expectError(await api(target.token, 'GET', 'user/me'), 401);
      expectError(await signIn(target.email, target.password), 401);
      expect((await signIn(target.email, 'Reset-By-Admin1!')).statusCode).toBe(200);
    });
  });

  describe('GET /user/byEmail/{email}', () => {
    let manager: { id: string; token: string };
    let plain: { id: string; token: string };
    let found: { id: string; email: string };

    beforeAll(async () => {
      const project = await server().createProject('Lookup project');
      manager = await server().createUser();
      plain = await server().createUser();
      found = await server().createUser({ email: 'Found.Person+tag@test.local' });
      await server().setRights(project, manager.id, Right.USER_UPDATE);
      await server().setRights(project, plain.id, Right.PASS_READ | Right.PROJECT_UPDATE);
    }, 30_000);

    const byEmail = (token: string, email: string) =>
      api(token, 'GET', `user/byEmail/${encodeURIComponent(email)}`);

    it('answers the user, whatever the case of the e-mail', async () => {
      for (const email of [
        'Found.Person+tag@test.local',
        'found.person+tag@test.local',
        'FOUND.PERSON+TAG@TEST.LOCAL',
      ]) {
        const response = await byEmail(manager.token, email);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({
          id: found.id,
          email: 'Found.Person+tag@test.local',
          displayName: expect.any(String),
          isAdmin: false,
          active: true,
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
          deletedAt: null,
        });
      }
      expect((await byEmail(admin, 'found.person+tag@test.local')).json().id).toBe(found.id);
    });

    it("answers 404 'User with email: … was not found.' for an unknown or deleted user", async () => {
      expectError(
        await byEmail(manager.token, 'nobody@test.local'),
        404,
        'User with email: nobody@test.local was not found.',
      );
      const gone = await server().createUser();
      expect((await api(admin, 'DELETE', `user/${gone.id}`)).statusCode).toBe(200);
      expectError(await byEmail(manager.token, gone.email), 404);
      expectError(await byEmail(manager.token, 'found.person%@test.local'), 404);
    });

    it('answers 403 to a user without USER_UPDATE', async () => {
      expectError(await byEmail(plain.token, 'found.person+tag@test.local'), 403, /USER_UPDATE/);
      expectError(await byEmail(plain.token, 'nobody@test.local'), 403);
    });
  });

  describe('e-mail uniqueness', () => {
    it('answers 409 to creating a user with an e-mail in use, whatever its case', async () => {
      const existing = await server().createUser({ email: 'taken@test.local' });
      const count = (await api(admin, 'GET', 'user')).json().totalCount;
      for (const email of ['taken@test.local', 'TAKEN@test.local', ' Taken@Test.Local ']) {
        expectError(
          await api(admin, 'POST', 'user', { email: email.trim(), password: 'Passw0rd!x' }),
          409,
          /already exists/,
        );
      }
      expect((await api(admin, 'GET', 'user')).json().totalCount).toBe(count);
      expect((await api(admin, 'GET', `user/${existing.id}`)).statusCode).toBe(200);
    });

    it('answers 409 to changing an e-mail to one in use, whatever its case, and keeps both users', async () => {
      await server().createUser({ email: 'first@test.local' });
      const second = await server().createUser({ email: 'second@test.local' });
      for (const method of ['PATCH', 'PUT'] as const) {
        expectError(await api(admin, method, `user/${second.id}`, { email: 'First@Test.local' }), 409);
      }
      expect((await api(admin, 'GET', `user/${second.id}`)).json().email).toBe('second@test.local');
      const own = await api(admin, 'PATCH', `user/${second.id}`, { email: 'Second@test.local' });
      expect(own.statusCode).toBe(200);
      expect(own.json().email).toBe('Second@test.local');
    });

    it('answers 409, never 500, when two creations race for one e-mail', async () => {
      const create = () =>
        api(admin, 'POST', 'user', { email: 'race@test.local', password: 'Race-Passw0rd!' });
      const answers = await Promise.all([create(), create()]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
      expectError(
        answers.find((answer) => answer.statusCode === 409)!,
        409,
        /already exists/,
      );
      const where = encodeURIComponent(JSON.stringify({ email: 'race@test.local' }));
      expect((await api(admin, 'GET', `user?where=${where}`)).json().totalCount).toBe(1);
    });

    it("lets a deleted user's e-mail be used again", async () => {
      const gone = await server().createUser({ email: 'reused@test.local' });
      expect((await api(admin, 'DELETE', `user/${gone.id}`)).statusCode).toBe(200);
      const again = await api(admin, 'POST', 'user', { email: 'reused@test.local', password: 'Passw0rd!x' });
      expect(again.statusCode).toBe(201);
      expect(again.json().id).not.toBe(gone.id);
    });
  });

  describe('administrators', () => {
    it('answers 400 to the last active administrator removing their own admin flag or activity', async () => {
      const self = (await api(admin, 'GET', 'user/me')).json();
      for (const data of [{ isAdmin: false }, { active: false }, { isAdmin: false, active: false }]) {
        expectError(await api(admin, 'PATCH', `user/${self.id}`, data), 400, /last active administrator/);
      }
      expect((await api(admin, 'GET', 'user/me')).json().isAdmin).toBe(true);
    });

    it('answers 400 to an administrator deleting themselves', async () => {
      const self = (await api(admin, 'GET', 'user/me')).json();
      expectError(await api(admin, 'DELETE', `user/${self.id}`), 400, /cannot delete yourself/);
      expect((await api(admin, 'GET', 'user/me')).statusCode).toBe(200);
    });

    it('lets an administrator step down while another active one remains', async () => {
      const second = await server().createUser({ isAdmin: true });
      const response = await api(second.token, 'PATCH', `user/${second.id}`, { isAdmin: false });
      expect(response.statusCode).toBe(200);
      expect((await api(second.token, 'GET', 'user/me')).json().isAdmin).toBe(false);
      expectError(await api(second.token, 'GET', 'apiClient'), 403);
    });
  });

  describe('project batch for bulk activation', () => {
    it('applies [{method: PUT, id, data}] items, ten at a time, as the console sends them', async () => {
      const ids: string[] = [];
      for (let index = 0; index < 10; index += 1) ids.push(await server().createProject(`Bulk ${index}`));
      const where = (active: boolean) => encodeURIComponent(JSON.stringify({ id: { $inUuid: ids }, active }));
      const count = async (active: boolean) =>
        (await api(admin, 'GET', `project?where=${where(active)}`)).json().totalCount;

      const list = (await api(admin, 'GET', `project?limit=100&where=${where(true)}`)).json().data;
      expect(list).toHaveLength(10);
      const deactivate = await api(
        admin,
        'POST',
        'project/batch',
        list.map((project: { id: string }) => ({
          method: 'PUT',
          id: project.id,
          data: { ...project, active: false },
        })),
      );
      expect(deactivate.statusCode).toBe(200);
      const results = deactivate.json();
      expect(results).toHaveLength(10);
      for (const [index, result] of results.entries()) {
        expect(result).toMatchObject({
          status: { code: 200, message: [] },
          id: list[index].id,
          data: { active: false },
        });
      }
      expect(await count(false)).toBe(10);

      const activate = await api(
        admin,
        'POST',
        'project/batch',
        ids
          .slice(0, 3)
          .map((id, index) => ({ method: 'PUT', id, data: { name: `Bulk ${index}`, active: true } })),
      );
      expect(activate.json().map((result: { status: { code: number } }) => result.status.code)).toEqual([
        200, 200, 200,
      ]);
      expect(await count(true)).toBe(3);
      expect(await count(false)).toBe(7);
    });
  });

  describe('outside the core API', () => {
    it("answers the console's configuration at /config.json, without a token", async () => {
      const response = await server().call(undefined, { method: 'GET', url: '/config.json' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({
        coreApi: '/api/core',
        ticketApi: '/api/ticket',
        passBase: '/p',
        docsUrl: '/api/docs',
        issueUrl: expect.any(String),
        supportEmail: expect.any(String),
        environment: expect.any(String),
        environmentColor: expect.any(String),
        version: '1.7.4',
        buildTime: expect.any(String),
        mapTileUrl: '',
        simulatedPayments: false,
      });
      expect(Number.isNaN(Date.parse(response.json().buildTime))).toBe(false);
    });

    it('answers an OpenAPI 3 document at /api/docs/json that lists the project routes', async () => {
      const response = await server().call(undefined, { method: 'GET', url: '/api/docs/json' });
      expect(response.statusCode).toBe(200);
      const document = response.json();
      expect(document.openapi).toMatch(/^3\./);
      expect(document.info.version).toBe('1.7.4');
      expect(Object.keys(document.paths)).toEqual(
        expect.arrayContaining(['/v1/project', '/v1/project/{id}', '/v1/project/batch', '/v1/user/me']),
      );
      expect(Object.keys(document.paths['/v1/project'])).toEqual(expect.arrayContaining(['get', 'post']));
    });

    it('answers 404 JSON for an unknown /api path, even to a browser asking for HTML', async () => {
      for (const url of [
        '/api/nothing',
        '/api/core/v1/nothing',
        '/api/ticket/v1/unknown',
        '/api/core/v1/project/x/y/z',
      ]) {
        const response = await server().call(admin, { method: 'GET', url, headers: { accept: 'text/html' } });
        expect(response.statusCode).toBe(404);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(response.json()).toEqual({
          statusCode: 404,
          error: 'Not Found',
          message: expect.stringContaining(url),
        });
      }
    });
  });
});
