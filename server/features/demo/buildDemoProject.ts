import crypto from 'node:crypto';
import type { DemoSummary } from '../../../domain/schemas/demo';
import type { AppContext } from '../../kernel/appContext';
import { passLink, dynamicDataProblems } from '../passes';
import { demoRepository, type DemoPassValues } from './demoRepository';
import { DEMO_DESIGNS } from './demoDesigns';
import { createDemoEshop } from './demoEshop';
import { placeDemoOrder } from './demoOrder';
import { sampleOf } from './demoSamples';
import { createDevelopmentSigning } from './demoSigning';
import { createDemoTemplate, type DemoTemplate } from './demoTemplates';
import { TICKET_DESIGN_NAME } from './demoTicketDesign';

export type { DemoSummary };
export const DEMO_PROJECT = 'Demo';
const DAY = 24 * 60 * 60 * 1000;
const YEAR = 365 * DAY;
/** events of a pass on an ordinary weekday: some 200 a day at the end of the year, with 600 passes */
const EVENTS_PER_PASS_AND_DAY = 0.3;
const LINKS = ['https://example.com/offers', 'https://example.com/opening-hours', 'https://example.com/app'];

/** What the demo pass number n of `count` is made from: its template, the run's time, and the id chosen for it. */
interface DemoPassPlan {
  n: number;
  count: number;
  template: DemoTemplate;
  now: number;
  /** the id the pass will have, and so its link, which a ticket's data holds */
  id: string;
  link: string;
}

/**
 * The demo pass number n of `count`: created over the last year (more of them lately), its data filling its
 * template's schema; 60 % registered a few days after their creation, held by a device in two cases out of
 * three; 5 % deleted 40 days after registering.
 */
function demoPass({ n, count, template, now, id, link }: DemoPassPlan): DemoPassValues {
  const created = new Date(now - YEAR * (1 - Math.sqrt(n / count)));
  const dynamicData = template.design.data(sampleOf(n, created, link));
  const problems = dynamicDataProblems(
    { id: template.id, updatedAt: template.updatedAt, dynamicDataJsonSchema: template.design.schema },
    dynamicData,
  );
  if (problems.length)
    throw new Error(
      `Demo pass ${n} does not fit "${template.design.name}": ${problems.map((problem) => `${problem.path} ${problem.message}`).join('; ')}`,
    );
  const registeredAt =
    n % 5 < 3 ? Math.min(created.getTime() + (n % 9) * DAY + 3 * 3600_000, now) : undefined;
  const deletedAt = registeredAt !== undefined && n % 20 === 0 ? registeredAt + 40 * DAY : undefined;
  return {
    id,
    templateId: template.id,
    dynamicData,
    devicesTotal: registeredAt !== undefined && n % 3 !== 0 ? 1 : 0,
    firstRegisterAt: registeredAt === undefined ? null : new Date(registeredAt),
    deletedAt: deletedAt !== undefined && deletedAt < now ? new Date(deletedAt) : null,
    createdAt: created,
  };
}

/** The demo project (created once), emptied of what an earlier run put in it, image files included. */
async function emptyDemoProject(app: AppContext): Promise<{ projectId: string; replaced: boolean }> {
  const existing = await demoRepository.findLiveRootProject(app.db, DEMO_PROJECT);
  if (!existing) {
    const projectId = await demoRepository.createRootProject(
      app.db,
      DEMO_PROJECT,
      'Five templates, a year of sample passes and events, a ticket e-shop with a paid order',
    );
    return { projectId, replaced: false };
  }
  const storageKeys = await demoRepository.emptyProject(app.db, existing);
  await Promise.all(storageKeys.map((key) => app.storage.remove(key)));
  return { projectId: existing, replaced: true };
}

/** The till's demo: the Coffee Club card counts stamps, every tenth coffee a Spring sale coupon valid 30 days. */
async function addStampCard(app: AppContext, projectId: string, templates: readonly DemoTemplate[]) {
  const card = templates.find((template) => template.design.style === 'storeCard');
  const coupon = templates.find((template) => template.design.style === 'coupon');
  if (!card || !coupon) return;
  await demoRepository.insertStampCard(app.db, {
    projectId,
    name: 'Coffee Club stamps',
    templateId: card.id,
    rewardTemplateId: coupon.id,
    countField: 'stamps',
    rewardValidDays: 30,
  });
}

/**
 * `npm run demo-data` and the console's "Create the demo project": the project "Demo" with a development signing
 * certificate, one template per pass style (pictures, colours, barcode, fields with placeholders, a dynamic data
 * schema; the event ticket on the ticket contract), a stamp card on the store card, `passes` passes whose data
 * fills their template's schema, a year of events, each pass's downloads counter equal to its download events, and
 * the e-shop "Open Air Nights" selling the event ticket, with one paid order of two tickets placed through the
 * checkout. An earlier demo project is emptied first.
 *
 * @example const summary = await buildDemoProject(context, { passes: 600 })
 */
export async function buildDemoProject(
  app: AppContext,
  options: { passes?: number } = {},
): Promise<DemoSummary> {
  const count = options.passes ?? 600;
  const { projectId, replaced } = await emptyDemoProject(app);
  const certificateId = await createDevelopmentSigning(app, projectId);
  const templates: DemoTemplate[] = [];
  for (const design of DEMO_DESIGNS)
    templates.push(await createDemoTemplate(app, projectId, certificateId, design, LINKS));
  await addStampCard(app, projectId, templates);
  const now = Date.now();
  const passes = Array.from({ length: count }, (_, index) => {
    const id = crypto.randomUUID();
    const template = templates[(index + 1) % templates.length];
    return demoPass({ n: index + 1, count, template, now, id, link: passLink(app.config, id) });
  });
  await demoRepository.insertPasses(app.db, projectId, passes);
  await demoRepository.insertEvents(app.db, projectId, {
    eventsPerPassAndDay: EVENTS_PER_PASS_AND_DAY,
    links: LINKS,
  });
  await demoRepository.countDownloadsFromEvents(app.db, projectId);
  const ticket = templates.find((template) => template.design.name === TICKET_DESIGN_NAME);
  if (!ticket) throw new Error(`The demo has no template "${TICKET_DESIGN_NAME}" for its e-shop.`);
  const eshop = await createDemoEshop(app, projectId, ticket.id, now);
  const order = await placeDemoOrder(app, eshop);
  await demoRepository.analyze(app.db);
  return {
    projectId,
    replaced,
    certificateId,
    templates: templates.map((template) => ({
      id: template.id,
      name: template.design.name,
      style: template.design.style,
    })),
    passes: count,
    events: await demoRepository.countEvents(app.db, projectId),
    eshopId: eshop.id,
    orderNumber: order.orderNumber,
  };
}
