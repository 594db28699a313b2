import { Right } from '../../domain/rights';
import { describeOnEachDatabase, expectError } from './harness';
import { MISSING_ID, userWithRights } from './passFixtures';
import { loyaltyCardTemplate as cardTemplate } from './stampFixtures';

/**
 * The till: POST /v1/stampCard/{id}/stamp, /pass, /stamp/undo and GET /stamps. Every refusal changes nothing.
 */
describeOnEachDatabase('stamping at the till', (server) => {
  let admin: string;
  let projectA: string;
  let projectB: string;
  let cardTemplateA: string;
  let couponA: string;
  let otherTemplateA: string;
  let card: { id: string };
  let plainCard: { id: string };
  let cardB: { id: string };
  let numbers = 0;

  const api = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    server().call(token, { method, url: `/api/core/v1/${url}`, ...(payload ? { payload } : {}) });
  const created = async (token: string, url: string, payload: object) => {
    const response = await api(token, 'POST', url, payload);
    if (response.statusCode !== 201) throw new Error(`POST ${url}: ${response.body}`);
    return response.json();
  };
  const newPass = async (templateId = cardTemplateA, data: Record<string, unknown> = {}) => {
    numbers += 1;
    const cardNumber = String(1000 + numbers);
    const pass = await created(admin, 'pass', {
      templateId,
      dynamicData: { name: 'Eva Nova', cardNumber, ...data },
    });
    return { id: pass.id as string, cardNumber, code: `CARD-${cardNumber}` };
  };
  const stamp = (token: string, cardId: string, body: object) =>
    api(token, 'POST', `stampCard/${cardId}/stamp`, body);
  const stampsOf = async (passId: string) =>
    (await api(admin, 'GET', `pass/${passId}`)).json().dynamicData?.stamps as number | undefined;

  beforeAll(async () => {
    admin = await server().adminToken();
    projectA = await server().createProject('Till A');
    projectB = await server().createProject('Till B');
    cardTemplateA = (await created(admin, 'template', cardTemplate(projectA, 'Coffee card'))).id;
    couponA = (
      await created(admin, 'template', {
        ...cardTemplate(projectA, 'Free coffee'),
        dynamicDataJsonSchema: { type: 'object', properties: { name: { type: 'string' } } },
      })
    ).id;
    otherTemplateA = (await created(admin, 'template', cardTemplate(projectA, 'Tea card'))).id;
    const templateB = (await created(admin, 'template', cardTemplate(projectB, 'Card B'))).id;
    card = await created(admin, 'stampCard', {
      name: 'Coffee',
      templateId: cardTemplateA,
      stampsForReward: 5,
      rewardTemplateId: couponA,
    });
    plainCard = await created(admin, 'stampCard', {
      name: 'Plain',
      templateId: otherTemplateA,
      stampsForReward: 3,
    });
    cardB = await created(admin, 'stampCard', { name: 'B', templateId: templateB, stampsForReward: 5 });
  });

  it('adds one stamp by code, shows the holder and what remains, and moves the wallet', async () => {
    const pass = await newPass();
    const before = await server()
      .context.db.selectFrom('pass')
      .select('walletUpdatedAt')
      .where('id', '=', pass.id)
      .executeTakeFirstOrThrow();
    const response = await stamp(admin, card.id, { code: pass.code });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      passId: pass.id,
      holder: 'Eva Nova',
      stamps: 1,
      stampsForReward: 5,
      remaining: 4,
      rewarded: false,
    });
    expect(response.json().rewardPassId).toBeUndefined();
    expect(await stampsOf(pass.id)).toBe(1);
    const after = await server()
      .context.db.selectFrom('pass')
      .select('walletUpdatedAt')
      .where('id', '=', pass.id)
      .executeTakeFirstOrThrow();
    expect(after.walletUpdatedAt.getTime()).toBeGreaterThan(before.walletUpdatedAt.getTime());
    // the landing page shows the new count
    const page = await server().call(undefined, {
      method: 'GET',
      url: `/p/${pass.id}`,
      headers: { accept: 'text/html' },
    });
    expect(page.body).toContain('<div class="label">Stamps</div><div class="value">1</div>');
  });

  it('finds the pass by its id and by its link too, and looks it up without stamping', async () => {
    const pass = await newPass();
    expect((await stamp(admin, card.id, { passId: pass.id, count: 2 })).json().stamps).toBe(2);
    expect((await stamp(admin, card.id, { code: `http://localhost/p/${pass.id}?tag=x` })).json().stamps).toBe(
      3,
    );
    const looked = await api(admin, 'POST', `stampCard/${card.id}/pass`, { code: pass.code });
    expect(looked.statusCode).toBe(200);
    expect(looked.json()).toMatchObject({ passId: pass.id, stamps: 3, remaining: 2, holder: 'Eva Nova' });
    expect(looked.json().lastStampAt).toEqual(expect.any(String));
  });

  it('issues the reward at the count, carrying the surplus over, in a pass of the reward template', async () => {
    const pass = await newPass();
    await stamp(admin, card.id, { passId: pass.id, count: 4 });
    const response = await stamp(admin, card.id, { passId: pass.id, count: 3 });
    expect(response.json()).toMatchObject({ stamps: 2, rewarded: true, remaining: 3 });
    const rewardId = response.json().rewardPassId;
    const reward = (await api(admin, 'GET', `pass/${rewardId}`)).json();
    expect(reward).toMatchObject({ templateId: couponA, voided: false, expirationDate: null });
    // the reward's template declares only the name: no code or validity of the reward is written
    expect(reward.dynamicData).toEqual({ name: 'Eva Nova' });
    expect(await stampsOf(pass.id)).toBe(2);
  });

  it("gives a reward its own code and, on a card with rewardValidDays, its validity, where the reward's template declares them", async () => {
    const voucher = cardTemplate(projectA, 'Voucher');
    const voucherId = (
      await created(admin, 'template', {
        ...voucher,
        jsonTemplate: {
          ...voucher.jsonTemplate,
          barcodes: [
            {
              format: 'PKBarcodeFormatQR',
              message: { type: 'string', value: 'V-#{rewardCode}', fallback: 'V' },
              messageEncoding: 'iso-8859-1',
            },
          ],
        },
        dynamicDataJsonSchema: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            rewardCode: { type: 'string' },
            validFrom: { type: 'string', format: 'date-time' },
            validTo: { type: 'string', format: 'date-time' },
          },
        },
      })
    ).id;
    const validCard = await created(admin, 'stampCard', {
      name: 'Valid a fortnight',
      templateId: cardTemplateA,
      stampsForReward: 2,
      rewardTemplateId: voucherId,
      rewardValidDays: 14,
    });
    const pass = await newPass();
    const before = Date.now();
    const rewards = [];
    for (let round = 0; round < 2; round += 1) {
      const answer = (await stamp(admin, validCard.id, { passId: pass.id, count: 2 })).json();
      rewards.push((await api(admin, 'GET', `pass/${answer.rewardPassId}`)).json());
    }

    for (const reward of rewards) {
      expect(reward.dynamicData).toEqual({
        name: 'Eva Nova',
        rewardCode: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
        validFrom: expect.any(String),
        validTo: expect.any(String),
      });
      const issued = Date.parse(reward.dynamicData.validFrom);
      expect(issued).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(reward.dynamicData.validTo) - issued).toBe(14 * 24 * 3600 * 1000);
      expect(Date.parse(reward.expirationDate)).toBe(Date.parse(reward.dynamicData.validTo));
    }
    expect(rewards[0].dynamicData.rewardCode).not.toBe(rewards[1].dynamicData.rewardCode);
    // scanned at the till instead of the card: the till says what it is, by its barcode or its id
    for (const choice of [{ code: `V-${rewards[0].dynamicData.rewardCode}` }, { passId: rewards[1].id }])
      expectError(
        await stamp(admin, validCard.id, choice),
        409,
        "This is a reward of this stamp card, not the card: scan the customer's card to give stamps.",
      );
    expect(await stampsOf(pass.id)).toBe(0);
  });

  it('restarts the count without a pass on a card whose reward is the count alone', async () => {
    const pass = await newPass(otherTemplateA);
    await stamp(admin, plainCard.id, { code: pass.code, count: 2 });
    const response = await stamp(admin, plainCard.id, { code: pass.code });
    expect(response.json()).toMatchObject({ stamps: 0, rewarded: true, remaining: 3 });
    expect(response.json().rewardPassId).toBeUndefined();
  });

  it('counts exactly under 20 parallel stamps', async () => {
    const pass = await newPass(otherTemplateA);
    const parallelCard = await created(admin, 'stampCard', {
      name: 'Parallel',
      templateId: otherTemplateA,
      stampsForReward: 1000,
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => stamp(admin, parallelCard.id, { passId: pass.id })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((answer) => answer.json().stamps))).toEqual(
      new Set(Array.from({ length: 20 }, (_, index) => index + 1)),
    );
    expect(await stampsOf(pass.id)).toBe(20);
    const list = (await api(admin, 'GET', `stampCard/${parallelCard.id}/stamps?limit=100`)).json();
    expect(list.totalCount).toBe(20);
  });

  it('issues exactly one reward per completed card under parallel stamps', async () => {
    const pass = await newPass();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => stamp(admin, card.id, { passId: pass.id })),
    );
    expect(answers.filter((answer) => answer.json().rewarded)).toHaveLength(4);
    expect(await stampsOf(pass.id)).toBe(0);
  });

  it('refuses bad counts with the field named, changing nothing', async () => {
    const pass = await newPass();
    for (const count of [0, -1, 11, 1.5, '2']) {
      const response = await stamp(admin, card.id, { passId: pass.id, count });
      expectError(response, 400);
    }
    const aboveCard = await stamp(admin, card.id, { passId: pass.id, count: 6 });
    expectError(aboveCard, 400, 'This card gives a reward at 5 stamps: add at most that many at once.');
    expect(aboveCard.json().errors).toEqual([{ path: '/count', message: 'must be at most 5 on this card' }]);
    expectError(await stamp(admin, card.id, {}), 400, 'Name the pass by passId or by code (one of them).');
    expectError(await stamp(admin, card.id, { passId: pass.id, code: pass.code }), 400);
    expectError(await stamp(admin, card.id, { code: '   ' }), 400);
    expect(await stampsOf(pass.id)).toBeUndefined();
  });

  it('answers unknown and foreign codes with 404, voided and deleted passes with 409', async () => {
    const other = await newPass(otherTemplateA);
    expectError(
      await stamp(admin, card.id, { code: 'CARD-999999' }),
      404,
      'No pass of this stamp card has this code.',
    );
    expectError(await stamp(admin, card.id, { code: 'nothing like it' }), 404);
    expectError(await stamp(admin, card.id, { passId: MISSING_ID }), 404);
    expectError(
      await stamp(admin, card.id, { passId: other.id }),
      404,
      'No pass of this stamp card has this code.',
    );
    expect(await stampsOf(other.id)).toBeUndefined();

    const voided = await newPass();
    await api(admin, 'PATCH', `pass/${voided.id}`, { voided: true });
    expectError(
      await stamp(admin, card.id, { code: voided.code }),
      409,
      'This pass is voided: it collects no stamps.',
    );
    const deleted = await newPass();
    await api(admin, 'DELETE', `pass/${deleted.id}`);
    expectError(
      await stamp(admin, card.id, { passId: deleted.id }),
      409,
      'This pass was deleted: it collects no stamps.',
    );
    expectError(await stamp(admin, card.id, { code: deleted.code }), 409);
  });

  it('refuses an inactive card with 409 and a card of another project with 404', async () => {
    const pass = await newPass();
    const inactive = await created(admin, 'stampCard', {
      name: 'Paused',
      templateId: cardTemplateA,
      stampsForReward: 5,
      active: false,
    });
    expectError(
      await stamp(admin, inactive.id, { passId: pass.id }),
      409,
      'The stamp card "Paused" is not active: activate it to give stamps.',
    );
    const manager = await userWithRights(server(), { [projectA]: Right.STAMP_MANAGE });
    expectError(await stamp(manager, cardB.id, { passId: pass.id }), 404);
    expectError(await stamp(manager, MISSING_ID, { passId: pass.id }), 404);
    expect(await stampsOf(pass.id)).toBeUndefined();
  });

  it('lets STAMP_MANAGE holders of the project stamp, and nobody else', async () => {
    const pass = await newPass();
    const manager = await userWithRights(server(), { [projectA]: Right.STAMP_MANAGE });
    const response = await stamp(manager, card.id, { code: pass.code });
    expect(response.statusCode).toBe(200);
    const seller = await userWithRights(server(), {
      [projectA]: Right.PASS_READ | Right.PASS_UPDATE,
      [projectB]: Right.STAMP_MANAGE,
    });
    // STAMP_MANAGE elsewhere only: the card is out of sight, as if missing
    expectError(await stamp(seller, card.id, { code: pass.code }), 404);
    const stranger = await userWithRights(server(), {});
    expectError(
      await stamp(stranger, card.id, { code: pass.code }),
      403,
      "Stamping needs the STAMP_MANAGE right on the stamp card's project.",
    );
    expect(await stampsOf(pass.id)).toBe(1);
    const list = (await api(admin, 'GET', `stampCard/${card.id}/stamps`)).json();
    expect(list.data.find((row: { passId: string }) => row.passId === pass.id)).toMatchObject({
      count: 1,
      stampsBefore: 0,
      stampsAfter: 1,
      rewarded: false,
      undoneAt: null,
      userName: expect.any(String),
    });
    expectError(await api(seller, 'GET', `stampCard/${card.id}/stamps`), 404);
  });

  it('undoes the last stamps one by one, voiding a reward they issued, then refuses', async () => {
    const pass = await newPass();
    await stamp(admin, card.id, { passId: pass.id, count: 2 });
    const rewarding = (await stamp(admin, card.id, { passId: pass.id, count: 4 })).json();
    expect(rewarding).toMatchObject({ stamps: 1, rewarded: true });
    const undo = () => api(admin, 'POST', `stampCard/${card.id}/stamp/undo`, { code: pass.code });
    const first = await undo();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      stamps: 2,
      stampId: rewarding.stampId,
      voidedRewardPassId: rewarding.rewardPassId,
    });
    expect((await api(admin, 'GET', `pass/${rewarding.rewardPassId}`)).json().voided).toBe(true);
    expect((await undo()).json()).toMatchObject({ stamps: 0, lastStampAt: null });
    expectError(await undo(), 409, 'This pass has no stamp of this card left to undo.');
    expect(await stampsOf(pass.id)).toBe(0);
    const list = (await api(admin, 'GET', `stampCard/${card.id}/stamps?limit=100`)).json();
    const ofPass = list.data.filter((row: { passId: string }) => row.passId === pass.id);
    expect(ofPass).toHaveLength(2);
    expect(ofPass.every((row: { undoneAt: string | null }) => row.undoneAt !== null)).toBe(true);
  });

  it('undoes exactly one stamp each under parallel undos', async () => {
    const pass = await newPass(otherTemplateA);
    const longCard = await created(admin, 'stampCard', {
      name: 'Long',
      templateId: otherTemplateA,
      stampsForReward: 100,
    });
    for (let index = 0; index < 8; index += 1) await stamp(admin, longCard.id, { passId: pass.id });
    const undos = await Promise.all(
      Array.from({ length: 5 }, () =>
        api(admin, 'POST', `stampCard/${longCard.id}/stamp/undo`, { passId: pass.id }),
      ),
    );
    expect(undos.map((undo) => undo.statusCode)).toEqual(Array(5).fill(200));
    expect(new Set(undos.map((undo) => undo.json().stampId)).size).toBe(5);
    expect(await stampsOf(pass.id)).toBe(3);
  });

  it('records the count change in the pass history under the user who stamped', async () => {
    const pass = await newPass();
    await stamp(admin, card.id, { passId: pass.id });
    const history = (await api(admin, 'GET', `pass/${pass.id}/history`)).json();
    expect(history.data[0]).toMatchObject({ action: 'update' });
    expect(history.data[0].changes.dynamicData.after.stamps).toBe(1);
  });

  it('reports the stamps and rewards of a project per day, undone stamps left out', async () => {
    const project = await server().createProject('Till report');
    const template = (await created(admin, 'template', cardTemplate(project, 'Report card'))).id;
    const reportCard = await created(admin, 'stampCard', {
      name: 'Report',
      templateId: template,
      stampsForReward: 3,
    });
    const pass = await newPass(template);
    await stamp(admin, reportCard.id, { passId: pass.id, count: 2 });
    await stamp(admin, reportCard.id, { passId: pass.id, count: 2 });
    await stamp(admin, reportCard.id, { passId: pass.id, count: 1 });
    await api(admin, 'POST', `stampCard/${reportCard.id}/stamp/undo`, { passId: pass.id });
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const query = new URLSearchParams({
      where: JSON.stringify({ projectId: project }),
      from: `${today}T00:00:00Z`,
      to: `${tomorrow}T00:00:00Z`,
      interval: 'daily',
    });
    const report = await api(admin, 'GET', `report/stamps?${query}`);
    expect(report.statusCode).toBe(200);
    expect(report.json()).toEqual({
      data: [{ from: `${today}T00:00:00.000+00:00`, stamps: 4, rewards: 1 }],
      stamps: 4,
      rewards: 1,
    });
    const manager = await userWithRights(server(), { [projectA]: Right.STAMP_MANAGE });
    expect((await api(manager, 'GET', `report/stamps?${query}`)).statusCode).toBe(403);
  });

  it("refuses with 409 a card whose template's schema cannot hold the count, changing nothing", async () => {
    const strict = (
      await created(admin, 'template', {
        ...cardTemplate(projectA, 'Strict card'),
        dynamicDataJsonSchema: {
          type: 'object',
          properties: { name: { type: 'string' }, cardNumber: { type: 'string' } },
          additionalProperties: false,
        },
      })
    ).id;
    const textual = (
      await created(admin, 'template', {
        ...cardTemplate(projectA, 'Text count card'),
        dynamicDataJsonSchema: { type: 'object', properties: { stamps: { type: 'string' } } },
      })
    ).id;
    const strictCard = await created(admin, 'stampCard', {
      name: 'Strict',
      templateId: strict,
      stampsForReward: 5,
    });
    const textCard = await created(admin, 'stampCard', {
      name: 'Text',
      templateId: textual,
      stampsForReward: 5,
    });
    const strictPass = await newPass(strict);
    expectError(
      await stamp(admin, strictCard.id, { passId: strictPass.id }),
      409,
      'The dynamic data schema of the card\'s template has no field "stamps" for the count: add it as an integer.',
    );
    const textPass = await newPass(textual);
    expectError(
      await stamp(admin, textCard.id, { passId: textPass.id }),
      409,
      'The dynamic data schema of the card\'s template declares "stamps" as string: make it an integer to count stamps.',
    );
    expect(await stampsOf(strictPass.id)).toBeUndefined();
    expect(await stampsOf(textPass.id)).toBeUndefined();
  });
});
