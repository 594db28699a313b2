import type { InjectOptions } from 'fastify';
import { ALL_RIGHTS, Right } from '../../domain/rights';
import { describeOnEachDatabase, expectError } from './harness';

interface TestUser {
  id: string;
  email: string;
  password: string;
  token: string;
}

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

describeOnEachDatabase('rights', (server) => {
  /** Every answer of this suite, to check at the end that none shows a password or its hash. */
  const answers: string[] = [];
  const passwords: string[] = [];
  const call = async (token: string, options: InjectOptions) => {
    const response = await server().call(token, options);
    answers.push(response.body);
    return response;
  };
  const api = (token: string, method: InjectOptions['method'], path: string, payload?: unknown) =>
    call(token, {
      method,
      url: `/api/core/v1/${path}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const me = async (user: TestUser) => (await api(user.token, 'GET', 'user/me')).json();

  let admin: string;
  let projectA: string;
  let projectB: string;
  /** ALL_RIGHTS on A, nothing on B */
  let owner: TestUser;
  /** member of B only */
  let bMember: TestUser;
  /** member of A with PROJECT_ACCESS (0) alone */
  let reader: TestUser;
  /** PROJECT_UPDATE on A */
  let editor: TestUser;
  /** USER_UPDATE and PASS_READ on A, no other right */
  let manager: TestUser;
  /** a plain member of A, whom others edit */
  let member: TestUser;
  /** an administrator who is also a member of A */
  let adminMember: TestUser;

  const newUser = async (options: { isAdmin?: boolean } = {}) => {
    const user = await server().createUser(options);
    passwords.push(user.password);
    return user;
  };

  beforeAll(async () => {
    admin = await server().adminToken();
    projectA = await server().createProject('Project A');
    projectB = await server().createProject('Project B');
    owner = await newUser();
    bMember = await newUser();
    reader = await newUser();
    editor = await newUser();
    manager = await newUser();
    member = await newUser();
    adminMember = await newUser({ isAdmin: true });
    await server().setRights(projectA, owner.id, ALL_RIGHTS);
    await server().setRights(projectB, bMember.id, ALL_RIGHTS);
    await server().setRights(projectA, reader.id, Right.PROJECT_ACCESS);
    await server().setRights(projectA, editor.id, Right.PROJECT_UPDATE);
    await server().setRights(projectA, manager.id, Right.USER_UPDATE | Right.PASS_READ);
    await server().setRights(projectA, member.id, Right.PASS_READ);
    await server().setRights(projectA, adminMember.id, 0);
  }, 30_000);

  describe('cross-project isolation of a user with every right on A and none on B', () => {
    let projectBSnapshot: unknown;
    let bMemberSnapshot: unknown;
    let missingProject: unknown;
    let missingUser: unknown;

    beforeAll(async () => {
      projectBSnapshot = (await api(admin, 'GET', `project/${projectB}`)).json();
      bMemberSnapshot = (await api(admin, 'GET', `user/${bMember.id}`)).json();
      missingProject = expectError(await api(owner.token, 'GET', `project/${MISSING_ID}`), 404);
      missingUser = expectError(await api(owner.token, 'GET', `user/${MISSING_ID}`), 404);
    }, 30_000);

    const expectBUnchanged = async () => {
      expect((await api(admin, 'GET', `project/${projectB}`)).json()).toEqual(projectBSnapshot);
      expect((await api(admin, 'GET', `user/${bMember.id}`)).json()).toEqual(bMemberSnapshot);
      expect((await me(bMember)).projects).toEqual({ [projectB]: ALL_RIGHTS });
    };

    it('holds every right on A and none on B', async () => {
      expect((await me(owner)).projects).toEqual({ [projectA]: ALL_RIGHTS });
    });

    it('answers 404 for project B on GET, PUT, PATCH and DELETE, exactly as for a missing id', async () => {
      for (const [method, payload] of [
        ['GET', undefined],
        ['PUT', { name: 'Taken over', description: null, active: false, parentId: null }],
        ['PATCH', { name: 'Taken over' }],
        ['DELETE', undefined],
      ] as const) {
        const response = await api(owner.token, method, `project/${projectB}`, payload);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual(missingProject);
      }
      await expectBUnchanged();
    });

    it("answers 404 for a user who is only B's member on GET, PUT, PATCH and DELETE, exactly as for a missing id", async () => {
      for (const [method, payload] of [
        ['GET', undefined],
        ['PUT', { email: bMember.email, displayName: 'Renamed' }],
        ['PATCH', { displayName: 'Renamed' }],
        ['DELETE', undefined],
      ] as const) {
        const response = await api(owner.token, method, `user/${bMember.id}`, payload);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual(missingUser);
      }
      await expectBUnchanged();
    });

    it('never lists project B, whatever the filter, order or page', async () => {
      const wheres = [
        { id: projectB },
        { id: { $inUuid: [projectB] } },
        { id: { $in: [projectB, projectA] } },
        { name: { $like: '' } },
        { name: 'Project B' },
        { name: { $like: 'B' } },
        { parentId: null },
        { createdAt: { gtOrEq: '2000-01-01T00:00:00Z' } },
        {},
      ];
      for (const where of wheres) {
        for (const query of [
          {},
          { orderBy: 'name', order: 'desc' },
          { orderBy: 'id', order: 'asc', limit: '1', page: '2' },
        ] as Array<Record<string, string>>) {
          const response = await call(owner.token, {
            method: 'GET',
            url: '/api/core/v1/project',
            query: { where: JSON.stringify(where), ...query },
          });
          expect(response.statusCode).toBe(200);
          expect(response.body).not.toContain(projectB);
          const body = response.json();
          expect(body.totalCount).toBeLessThanOrEqual(1);
        }
      }
      const all = (await api(owner.token, 'GET', 'project?limit=1000')).json();
      expect(all.data.map((project: { id: string }) => project.id)).toEqual([projectA]);
      expect(all.totalCount).toBe(1);
    });

    it("never lists B's member among the users, whatever the filter, order or page", async () => {
      const wheres = [
        { id: bMember.id },
        { id: { $inUuid: [bMember.id] } },
        { email: bMember.email },
        { email: { $like: '' } },
        { displayName: { $like: 'user' } },
        {},
      ];
      const seen = new Set<string>();
      for (const where of wheres) {
        for (const query of [
          {},
          { orderBy: 'email', order: 'desc' },
          { orderBy: 'createdAt', limit: '1', page: '3' },
        ] as Array<Record<string, string>>) {
          const response = await call(owner.token, {
            method: 'GET',
            url: '/api/core/v1/user',
            query: { where: JSON.stringify(where), ...query },
          });
          expect(response.statusCode).toBe(200);
          expect(response.body).not.toContain(bMember.id);
          expect(response.body).not.toContain(bMember.email);
          for (const user of response.json().data) seen.add(user.id);
        }
      }
      const aMembers = [owner, reader, editor, manager, member, adminMember].map((user) => user.id);
      expect([...seen].sort()).toEqual([...aMembers].sort());
    });

    it("answers 404 statuses to batch GET, PUT, PATCH and DELETE of B's rows", async () => {
      const projects = await api(owner.token, 'POST', 'project/batch', [
        { method: 'GET', id: projectB },
        { method: 'PUT', id: projectB, data: { name: 'Taken over' } },
        { method: 'PATCH', id: projectB, data: { active: false } },
        { method: 'DELETE', id: projectB },
      ]);
      expect(projects.statusCode).toBe(200);
      expect(projects.json().map((item: { status: { code: number } }) => item.status.code)).toEqual([
        404, 404, 404, 404,
      ]);
      expect(projects.body).not.toContain('Project B');
      const users = await api(owner.token, 'POST', 'user/batch', [
        { method: 'GET', id: bMember.id },
        { method: 'PUT', id: bMember.id, data: { email: bMember.email, displayName: 'Renamed' } },
        { method: 'PATCH', id: bMember.id, data: { displayName: 'Renamed' } },
        { method: 'DELETE', id: bMember.id },
      ]);
      expect(users.statusCode).toBe(200);
      expect(users.json().map((item: { status: { code: number } }) => item.status.code)).toEqual([
        404, 404, 404, 404,
      ]);
      expect(users.body).not.toContain(bMember.email);
      await expectBUnchanged();
    });

    it('answers 404 to the rights endpoint on B, and changes no membership there', async () => {
      const response = await api(owner.token, 'POST', `project/${projectB}/user/${owner.id}/rights`, {
        accessRights: ALL_RIGHTS,
      });
      expectError(response, 404, 'Project was not found.');
      const removal = await api(owner.token, 'POST', `project/${projectB}/user/${bMember.id}/rights`, {
        accessRights: null,
      });
      expectError(removal, 404);
      expect((await me(owner)).projects).toEqual({ [projectA]: ALL_RIGHTS });
      await expectBUnchanged();
    });

    it('cannot create a sub-project under B nor move a project there', async () => {
      const created = await api(owner.token, 'POST', 'project', { name: 'Into B', parentId: projectB });
      expect(created.statusCode).toBe(400);
      const moved = await api(owner.token, 'PATCH', `project/${projectA}`, { parentId: projectB });
      expect(moved.statusCode).toBe(400);
      expect((await api(admin, 'GET', `project/${projectA}`)).json().parentId).toBeNull();
      await expectBUnchanged();
    });
  });

  describe('projects', () => {
    it('lets a member with PROJECT_ACCESS alone read their project, but answers 403 to PUT', async () => {
      const read = await api(reader.token, 'GET', `project/${projectA}`);
      expect(read.statusCode).toBe(200);
      expect(read.json().users[reader.id]).toBe(0);
      const before = read.json();
      expectError(
        await api(reader.token, 'PUT', `project/${projectA}`, { ...before, name: 'Renamed' }),
        403,
        /PROJECT_UPDATE/,
      );
      expectError(await api(reader.token, 'PATCH', `project/${projectA}`, { description: 'x' }), 403);
      expect((await api(admin, 'GET', `project/${projectA}`)).json()).toEqual(before);
    });

    it('lists no project, without refusing, to a user who is a member of none', async () => {
      const newcomer = await newUser();
      const list = await api(newcomer.token, 'GET', 'project');
      expect(list.statusCode).toBe(200);
      expect(list.json()).toMatchObject({ data: [], totalCount: 0 });
    });

    it('lets a member with PROJECT_UPDATE edit the project', async () => {
      const before = (await api(editor.token, 'GET', `project/${projectA}`)).json();
      const response = await api(editor.token, 'PUT', `project/${projectA}`, {
        ...before,
        description: 'Edited by editor',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: projectA,
        name: 'Project A',
        description: 'Edited by editor',
      });
      expect((await api(admin, 'GET', `project/${projectA}`)).json().description).toBe('Edited by editor');
    });

    it('answers 403 to a non-admin creating a top-level project, with or without parentId null', async () => {
      const count = (await api(admin, 'GET', 'project')).json().totalCount;
      expectError(await api(owner.token, 'POST', 'project', { name: 'Top level' }), 403);
      expectError(await api(owner.token, 'POST', 'project', { name: 'Top level', parentId: null }), 403);
      expect((await api(admin, 'GET', 'project')).json().totalCount).toBe(count);
    });

    it('creates a sub-project under A for a holder of PROJECT_CREATE on A, who becomes its member with their A rights', async () => {
      const response = await api(owner.token, 'POST', 'project', { name: 'Owner child', parentId: projectA });
      expect(response.statusCode).toBe(201);
      const child = response.json();
      expect(child).toMatchObject({
        name: 'Owner child',
        parentId: projectA,
        users: { [owner.id]: ALL_RIGHTS },
      });
      expect((await me(owner)).projects).toEqual({ [projectA]: ALL_RIGHTS, [child.id]: ALL_RIGHTS });
      expect((await api(owner.token, 'GET', `project/${child.id}`)).json().users).toEqual({
        [owner.id]: ALL_RIGHTS,
      });
      expect((await api(admin, 'GET', `project/${child.id}`)).json().users).toEqual({
        [owner.id]: ALL_RIGHTS,
      });
    });

    it('gives the creator of a sub-project exactly their rights on the parent, not more', async () => {
      const creator = await newUser();
      const rights = Right.PROJECT_CREATE | Right.PASS_READ;
      await server().setRights(projectA, creator.id, rights);
      const response = await api(creator.token, 'POST', 'project', {
        name: 'Creator child',
        parentId: projectA,
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().users).toEqual({ [creator.id]: rights });
      expect((await me(creator)).projects).toEqual({ [projectA]: rights, [response.json().id]: rights });
    });

    it('answers 403 to a sub-project without PROJECT_CREATE on the parent', async () => {
      expectError(
        await api(editor.token, 'POST', 'project', { name: 'Editor child', parentId: projectA }),
        403,
        /PROJECT_CREATE/,
      );
      expectError(
        await api(reader.token, 'POST', 'project', { name: 'Reader child', parentId: projectA }),
        403,
      );
      const where = JSON.stringify({ name: { $in: ['Editor child', 'Reader child'] } });
      expect((await api(admin, 'GET', `project?where=${encodeURIComponent(where)}`)).json().totalCount).toBe(
        0,
      );
    });

    it('answers 400 to moving a project under itself or its own child', async () => {
      const parent = await server().createProject('Move parent');
      const child = await server().createProject('Move child', parent);
      const grandchild = await server().createProject('Move grandchild', child);
      for (const target of [child, grandchild, parent]) {
        expectError(
          await api(admin, 'PATCH', `project/${parent}`, { parentId: target }),
          400,
          /under itself or one of its sub-projects/,
        );
      }
      expect((await api(admin, 'GET', `project/${parent}`)).json().parentId).toBeNull();
      // a non-admin with every right on both ends gets the same answer
      const sub = (
        await api(owner.token, 'POST', 'project', { name: 'Owner sub', parentId: projectA })
      ).json();
      expectError(
        await api(owner.token, 'PATCH', `project/${projectA}`, { parentId: sub.id }),
        400,
        /under itself/,
      );
      const subChild = (
        await api(owner.token, 'POST', 'project', { name: 'Owner sub child', parentId: sub.id })
      ).json();
      expectError(
        await api(owner.token, 'PATCH', `project/${sub.id}`, { parentId: subChild.id }),
        400,
        /under itself/,
      );
      expect((await api(admin, 'GET', `project/${sub.id}`)).json().parentId).toBe(projectA);
    });

    it('answers 403 to a non-admin deleting a project, even with every right on it', async () => {
      expectError(await api(owner.token, 'DELETE', `project/${projectA}`), 403, /administrator/);
      expect((await api(admin, 'GET', `project/${projectA}`)).statusCode).toBe(200);
      const batch = await api(owner.token, 'POST', 'project/batch', [{ method: 'DELETE', id: projectA }]);
      expect(batch.json()[0].status.code).toBe(403);
      expect((await api(admin, 'GET', `project/${projectA}`)).statusCode).toBe(200);
    });
  });

  describe('users', () => {
    it('answers 403 to the user list without USER_UPDATE anywhere', async () => {
      expectError(await api(reader.token, 'GET', 'user'), 403);
      expectError(await api(editor.token, 'GET', 'user'), 403);
    });

    it("shows a holder of USER_UPDATE on A themselves and A's members, and not B-only users", async () => {
      const response = await api(manager.token, 'GET', 'user?limit=1000');
      expect(response.statusCode).toBe(200);
      const ids: string[] = response.json().data.map((user: { id: string }) => user.id);
      for (const user of [manager, owner, reader, editor, member, adminMember])
        expect(ids).toContain(user.id);
      expect(ids).not.toContain(bMember.id);
      expect(response.json().totalCount).toBe(ids.length);
      expect((await api(manager.token, 'GET', `user/${member.id}`)).statusCode).toBe(200);
      expectError(await api(manager.token, 'GET', `user/${bMember.id}`), 404);
    });

    it('answers 403 to a non-admin creating a user', async () => {
      const email = 'made-by-manager@test.local';
      for (const token of [manager.token, owner.token]) {
        expectError(
          await api(token, 'POST', 'user', { email, password: 'Passw0rd!x', displayName: 'Nope' }),
          403,
        );
      }
      expectError(await api(admin, 'GET', `user/byEmail/${email}`), 404);
    });

    it("answers 403 to a non-admin setting anyone's isAdmin or active", async () => {
      const before = (await api(admin, 'GET', `user/${member.id}`)).json();
      for (const data of [{ isAdmin: true }, { active: false }, { password: 'Other-Passw0rd!' }]) {
        expectError(await api(manager.token, 'PATCH', `user/${member.id}`, data), 403, /administrator/);
        expectError(await api(owner.token, 'PUT', `user/${member.id}`, { ...before, ...data }), 403);
      }
      expect((await api(admin, 'GET', `user/${member.id}`)).json()).toEqual(before);
    });

    it('answers 403 to a non-admin raising their own isAdmin', async () => {
      expectError(await api(manager.token, 'PATCH', `user/${manager.id}`, { isAdmin: true }), 403);
      expectError(await api(reader.token, 'PATCH', `user/${reader.id}`, { isAdmin: true }), 403);
      const batch = await api(manager.token, 'POST', 'user/batch', [
        { method: 'PATCH', id: manager.id, data: { isAdmin: true } },
      ]);
      expect(batch.json()[0].status.code).toBe(403);
      expect((await me(manager)).isAdmin).toBe(false);
      expect((await me(reader)).isAdmin).toBe(false);
    });

    it('answers 403 to a non-admin editing an administrator', async () => {
      const before = (await api(admin, 'GET', `user/${adminMember.id}`)).json();
      expectError(
        await api(manager.token, 'PATCH', `user/${adminMember.id}`, { displayName: 'Demoted' }),
        403,
      );
      expectError(await api(manager.token, 'PATCH', `user/${adminMember.id}`, { isAdmin: false }), 403);
      expectError(await api(owner.token, 'DELETE', `user/${adminMember.id}`), 403);
      expect((await api(admin, 'GET', `user/${adminMember.id}`)).json()).toEqual(before);
    });

    it("lets a holder of USER_UPDATE edit a member's name, sending the user as GET answered it", async () => {
      const answered = (await api(manager.token, 'GET', `user/${member.id}`)).json();
      const response = await api(manager.token, 'PUT', `user/${member.id}`, {
        ...answered,
        displayName: 'Renamed member',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: member.id,
        displayName: 'Renamed member',
        isAdmin: false,
        active: true,
      });
    });

    it('lets an admin create a user with an initial password, which then signs in', async () => {
      const password = 'Initial-Passw0rd!';
      passwords.push(password);
      const response = await api(admin, 'POST', 'user', {
        email: 'initial@test.local',
        password,
        displayName: ' Initial User ',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        id: expect.any(String),
        email: 'initial@test.local',
        displayName: 'Initial User',
        isAdmin: false,
        active: true,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        deletedAt: null,
      });
      const token = await server().login('initial@test.local', password);
      const self = await call(token, { method: 'GET', url: '/api/core/v1/user/me' });
      expect(self.json()).toMatchObject({ id: response.json().id, isAdmin: false, projects: {} });
    });
  });

  describe('rights endpoint', () => {
    const rights = (token: string, projectId: string, userId: string, accessRights: unknown) =>
      api(token, 'POST', `project/${projectId}/user/${userId}/rights`, { accessRights });

    it('answers 403 without USER_UPDATE on the project', async () => {
      expectError(await rights(editor.token, projectA, member.id, Right.PASS_READ), 403, /USER_UPDATE/);
      expectError(await rights(reader.token, projectA, member.id, null), 403);
      expect((await me(member)).projects[projectA]).toBe(Right.PASS_READ);
    });

    it('answers 404 on a project the caller cannot see, and on a missing one', async () => {
      expectError(await rights(manager.token, projectB, member.id, 0), 404, 'Project was not found.');
      expectError(await rights(manager.token, MISSING_ID, member.id, 0), 404, 'Project was not found.');
      expectError(await rights(manager.token, 'not-an-id', member.id, 0), 404);
      expect((await me(member)).projects).toEqual({ [projectA]: Right.PASS_READ });
    });

    it('answers 404 for an unknown user', async () => {
      expectError(await rights(manager.token, projectA, MISSING_ID, 0), 404, 'User was not found.');
      expectError(await rights(manager.token, projectA, 'not-an-id', 0), 404);
      expectError(await rights(admin, projectA, MISSING_ID, 0), 404, 'User was not found.');
    });

    it('answers 403 to a non-admin changing their own rights', async () => {
      expectError(
        await rights(manager.token, projectA, manager.id, Right.USER_UPDATE),
        403,
        /your own rights/,
      );
      expectError(await rights(owner.token, projectA, owner.id, null), 403);
      expect((await me(owner)).projects[projectA]).toBe(ALL_RIGHTS);
    });

    it('answers 403 to granting a right the granter lacks on the project', async () => {
      const response = await rights(
        manager.token,
        projectA,
        member.id,
        Right.PASS_READ | Right.TEMPLATE_READ,
      );
      expectError(response, 403, /TEMPLATE_READ/);
      expectError(await rights(manager.token, projectA, bMember.id, Right.PROJECT_UPDATE), 403);
      expect((await me(member)).projects[projectA]).toBe(Right.PASS_READ);
      expect((await me(bMember)).projects).toEqual({ [projectB]: ALL_RIGHTS });
    });

    it('answers 400 to a mask that is not a rights bitmask', async () => {
      for (const mask of [-1, 1.5, 131072, ALL_RIGHTS + 131072, '2', true, [2], { rights: 2 }]) {
        expectError(await rights(owner.token, projectA, member.id, mask), 400);
        expectError(await rights(admin, projectA, member.id, mask), 400);
      }
      expectError(
        await api(admin, 'POST', `project/${projectA}/user/${member.id}/rights`, {}),
        400,
        /accessRights/,
      );
      expect((await me(member)).projects[projectA]).toBe(Right.PASS_READ);
    });

    it("takes effect on the user's very next request", async () => {
      const target = await newUser();
      expect((await me(target)).projects).toEqual({});
      expectError(await api(target.token, 'GET', `project/${projectA}`), 404);

      const granted = await rights(owner.token, projectA, target.id, Right.PASS_READ | Right.USER_UPDATE);
      expect(granted.statusCode).toBe(200);
      expect(granted.json()).toEqual({ accessRights: Right.PASS_READ | Right.USER_UPDATE });
      expect((await me(target)).projects).toEqual({ [projectA]: Right.PASS_READ | Right.USER_UPDATE });
      expect((await api(target.token, 'GET', `project/${projectA}`)).statusCode).toBe(200);
      expect((await api(target.token, 'GET', 'user')).statusCode).toBe(200);

      const lowered = await rights(owner.token, projectA, target.id, Right.PASS_READ);
      expect(lowered.json()).toEqual({ accessRights: Right.PASS_READ });
      expect((await me(target)).projects).toEqual({ [projectA]: Right.PASS_READ });
      expectError(await api(target.token, 'GET', 'user'), 403);
    });

    it('removes the membership with null: the user then gets 404 on the project', async () => {
      const target = await newUser();
      await server().setRights(projectA, target.id, Right.PASS_READ);
      expect((await api(target.token, 'GET', `project/${projectA}`)).statusCode).toBe(200);
      const removed = await rights(manager.token, projectA, target.id, null);
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toEqual({ accessRights: null });
      expect((await me(target)).projects).toEqual({});
      expectError(await api(target.token, 'GET', `project/${projectA}`), 404);
      expect((await api(admin, 'GET', `project/${projectA}`)).json().users).not.toHaveProperty(target.id);
    });

    it('answers 403 to a non-admin removing a member who holds rights the remover lacks', async () => {
      expectError(await rights(manager.token, projectA, owner.id, null), 403);
      expect((await me(owner)).projects[projectA]).toBe(ALL_RIGHTS);
    });
  });

  describe('API clients', () => {
    it('answers 403 to a non-admin listing or creating them, even with every right on a project', async () => {
      for (const user of [owner, manager, reader]) {
        expectError(await api(user.token, 'GET', 'apiClient'), 403);
        expectError(await api(user.token, 'POST', 'apiClient', { name: 'Sneaky' }), 403);
      }
      const where = JSON.stringify({ name: 'Sneaky' });
      expect(
        (await api(admin, 'GET', `apiClient?where=${encodeURIComponent(where)}`)).json().totalCount,
      ).toBe(0);
    });
  });

  it('never answers a password or a password hash', () => {
    expect(answers.length).toBeGreaterThan(100);
    for (const body of answers) {
      expect(body).not.toMatch(/passwordHash|password_hash|\$argon2/i);
      for (const password of passwords) expect(body).not.toContain(password);
    }
  });
});
