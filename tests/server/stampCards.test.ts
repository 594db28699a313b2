import { Right } from '../../domain/rights';
import { describeOnEachDatabase } from './harness';
import { templateBody, userWithRights } from './passFixtures';

/**
 * Stamp cards, a resource served from its declaration alone (domain/schemas/stampCard.ts): the engine gives the
 * API, the rights of the declaration, the references' checks, validation, trimming and the audit trail.
 */
describeOnEachDatabase('stamp cards', (server) => {
  let admin: string;
  let projectA: string;
  let projectB: string;
  let templateA: string;
  let couponA: string;
  let templateB: string;
  const url = '/api/core/v1/stampCard';

  const create = (token: string, payload: object) => server().call(token, { method: 'POST', url, payload });
  const createTemplate = async (projectId: string, name: string) => {
    const response = await server().call(admin, {
      method: 'POST',
      url: '/api/core/v1/template',
      payload: templateBody(projectId, { name }),
    });
    return response.json().id as string;
  };

  beforeAll(async () => {
    admin = await server().adminToken();
    projectA = await server().createProject('Stamps A');
    projectB = await server().createProject('Stamps B');
    templateA = await createTemplate(projectA, 'Coffee card');
    couponA = await createTemplate(projectA, 'Free coffee');
    templateB = await createTemplate(projectB, 'Other card');
  });

  it("creates a card in its template's project, with the declared defaults", async () => {
    const response = await create(admin, {
      name: '  Coffee  ',
      templateId: templateA,
      stampsForReward: 10,
      rewardTemplateId: couponA,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      name: 'Coffee',
      projectId: projectA,
      templateId: templateA,
      rewardTemplateId: couponA,
      stampsForReward: 10,
      countField: 'stamps',
      active: true,
    });
  });

  it('takes the project from the template, whatever projectId the body sends back', async () => {
    const response = await create(admin, { name: 'Tea', templateId: templateB, stampsForReward: 5 });
    expect(response.json().projectId).toBe(projectB);
    // an entity sent back as GET answered it keeps its read-only fields: they are left out, never written
    const sentBack = await create(admin, {
      name: 'Tea',
      templateId: templateB,
      stampsForReward: 5,
      projectId: projectA,
    });
    expect(sentBack.statusCode).toBe(201);
    expect(sentBack.json().projectId).toBe(projectB);
  });

  it('refuses a reward template of another project, and a template that does not exist, naming the field', async () => {
    const foreign = await create(admin, {
      name: 'Mixed',
      templateId: templateA,
      stampsForReward: 3,
      rewardTemplateId: templateB,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual([
      {
        path: '/rewardTemplateId',
        message: "The template (rewardTemplateId) was not found in the stamp card's project.",
      },
    ]);
    const missing = await create(admin, {
      name: 'Ghost',
      templateId: '00000000-0000-4000-8000-000000000000',
      stampsForReward: 3,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].path).toBe('/templateId');
  });

  it('refuses blank and out-of-range values with the field named, storing nothing', async () => {
    const before = (await server().call(admin, { method: 'GET', url })).json().totalCount;
    for (const payload of [
      { name: '   ', templateId: templateA, stampsForReward: 3 },
      { name: 'Zero', templateId: templateA, stampsForReward: 0 },
      { name: 'Huge', templateId: templateA, stampsForReward: 1001 },
      { name: 'Field', templateId: templateA, stampsForReward: 3, countField: 'two words' },
    ]) {
      const response = await create(admin, payload);
      expect([payload.name, response.statusCode]).toEqual([payload.name, 400]);
    }
    expect((await server().call(admin, { method: 'GET', url })).json().totalCount).toBe(before);
  });

  it("reads and writes the reward's validity in days, a whole number from 1 to 3650, or null for none", async () => {
    const made = await create(admin, {
      name: 'Valid',
      templateId: templateA,
      stampsForReward: 5,
      rewardTemplateId: couponA,
      rewardValidDays: 30,
    });
    expect(made.statusCode).toBe(201);
    expect(made.json().rewardValidDays).toBe(30);
    const cardUrl = `${url}/${made.json().id}`;
    const patched = await server().call(admin, {
      method: 'PATCH',
      url: cardUrl,
      payload: { rewardValidDays: 3650 },
    });
    expect(patched.json().rewardValidDays).toBe(3650);
    expect((await server().call(admin, { method: 'GET', url: cardUrl })).json().rewardValidDays).toBe(3650);
    const cleared = await server().call(admin, {
      method: 'PATCH',
      url: cardUrl,
      payload: { rewardValidDays: null },
    });
    expect(cleared.json().rewardValidDays).toBeNull();
    const without = await create(admin, { name: 'Forever', templateId: templateA, stampsForReward: 5 });
    expect(without.json().rewardValidDays).toBeNull();

    for (const rewardValidDays of [0, -5, 3651, 2.5, '30']) {
      const refused = await create(admin, {
        name: 'Bad',
        templateId: templateA,
        stampsForReward: 5,
        rewardValidDays,
      });
      expect([rewardValidDays, refused.statusCode]).toEqual([rewardValidDays, 400]);
      expect(refused.json().errors.map((error: { path: string }) => error.path)).toContain('rewardValidDays');
      const unchanged = await server().call(admin, {
        method: 'PATCH',
        url: cardUrl,
        payload: { rewardValidDays },
      });
      expect([rewardValidDays, unchanged.statusCode]).toEqual([rewardValidDays, 400]);
    }
    expect((await server().call(admin, { method: 'GET', url: cardUrl })).json().rewardValidDays).toBeNull();
  });

  it('lets STAMP_MANAGE holders manage the cards of their project only', async () => {
    const manager = await userWithRights(server(), {
      [projectA]: Right.STAMP_MANAGE,
      [projectB]: Right.PASS_READ,
    });
    const own = await create(manager, { name: 'Bakery', templateId: templateA, stampsForReward: 8 });
    expect(own.statusCode).toBe(201);
    const foreign = await create(manager, { name: 'Elsewhere', templateId: templateB, stampsForReward: 8 });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe(
      "Creating a stamp card needs the STAMP_MANAGE right on its template's project.",
    );
    const list = (await server().call(manager, { method: 'GET', url })).json();
    expect(new Set(list.data.map((card: { projectId: string }) => card.projectId))).toEqual(
      new Set([projectA]),
    );

    const ofB = (await create(admin, { name: 'B card', templateId: templateB, stampsForReward: 4 })).json();
    const read = await server().call(manager, { method: 'GET', url: `${url}/${ofB.id}` });
    expect(read.statusCode).toBe(404);
    const moved = await server().call(manager, {
      method: 'PATCH',
      url: `${url}/${own.json().id}`,
      payload: { rewardTemplateId: templateB },
    });
    expect(moved.statusCode).toBe(400);
  });

  it('refuses users without STAMP_MANAGE', async () => {
    const reader = await userWithRights(server(), { [projectA]: Right.PASS_READ | Right.TEMPLATE_READ });
    expect((await server().call(reader, { method: 'GET', url })).statusCode).toBe(403);
    expect((await create(reader, { name: 'No', templateId: templateA, stampsForReward: 2 })).statusCode).toBe(
      403,
    );
  });

  it('keeps the history of a card', async () => {
    const card = (await create(admin, { name: 'History', templateId: templateA, stampsForReward: 6 })).json();
    await server().call(admin, {
      method: 'PATCH',
      url: `${url}/${card.id}`,
      payload: { stampsForReward: 7 },
    });
    const history = (await server().call(admin, { method: 'GET', url: `${url}/${card.id}/history` })).json();
    expect(history.data.map((entry: { action: string }) => entry.action)).toEqual(['update', 'create']);
    expect(history.data[0].changes).toEqual({ stampsForReward: { before: 6, after: 7 } });
  });
});
