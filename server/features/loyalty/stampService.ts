import { passResource } from '../../../domain/schemas/pass';
import type {
  PassChoice,
  Stamp,
  StampAnswer,
  StampedPass,
  StampRequest,
  UndoAnswer,
} from '../../../domain/schemas/stamp';
import type { Db } from '../../kernel/db/database';
import type { PassRow, StampCardRow, StampRow } from '../../kernel/db/tables';
import { publishIfHeard } from '../../kernel/events/integrationEvents';
import { recordChanges, type RowChange } from '../../kernel/engine/auditTrail';
import { entityOf } from '../../kernel/engine/crudService';
import type { CallContext } from '../../kernel/engine/resourceDefinition';
import { badRequest, conflict } from '../../kernel/http/errors';
import { passDefinition, passRepository, templateRepository, announcePassChange } from '../passes';
import { stampRepository } from './stampRepository';
import { rewardPassOf } from './rewardPass';
import { cardOf, countFieldProblem, holderOf, passOfCard } from './tillCard';

/** The till's view of a pass: holder, count, what remains to the reward, the newest stamp not undone. */
function stampedPass(
  card: StampCardRow,
  pass: Pick<PassRow, 'id' | 'dynamicData'>,
  stamps: number,
  lastStampAt: Date | null,
): StampedPass {
  return {
    passId: pass.id,
    holder: holderOf(pass.dynamicData),
    stamps,
    stampsForReward: card.stampsForReward,
    remaining: Math.max(card.stampsForReward - stamps, 0),
    lastStampAt: lastStampAt ? lastStampAt.toISOString() : null,
  };
}

const passEntity = (call: CallContext, row: PassRow) => entityOf(passDefinition, call.app.config, row);

/** A pass as it was before a count change: the same row with the count field at its old value. */
const withCountValue = (row: PassRow, field: string, value: number): PassRow => ({
  ...row,
  dynamicData: { ...(row.dynamicData as Record<string, unknown>), [field]: value },
});

/**
 * Webhooks hear of a stamp (stamp.added: the card, the pass, the count before and after) and of the reward it
 * issued (reward.issued: the reward pass as the API answers it), in the stamp's transaction; answers whether any
 * was published.
 */
async function publishStamp(
  call: CallContext,
  trx: Db,
  card: StampCardRow,
  stamp: Omit<StampRow, 'projectId' | 'stampCardId' | 'userId' | 'undoneAt'>,
  reward: PassRow | undefined,
): Promise<boolean> {
  const events = call.app.integrationEvents;
  const stamped = await publishIfHeard(events, trx, card.projectId, 'stamp.added', () => ({
    id: stamp.id,
    stampCardId: card.id,
    passId: stamp.passId,
    projectId: card.projectId,
    count: stamp.count,
    stampsBefore: stamp.stampsBefore,
    stampsAfter: stamp.stampsAfter,
    rewarded: stamp.rewarded,
    rewardPassId: stamp.rewardPassId,
    at: stamp.at,
  }));
  const rewarded =
    reward !== undefined &&
    (await publishIfHeard(events, trx, card.projectId, 'reward.issued', () => ({
      stampCardId: card.id,
      stampId: stamp.id,
      passId: stamp.passId,
      rewardPass: passEntity(call, reward),
    })));
  return stamped || rewarded;
}

/** The pass's devices are told by the job queue (its job stored before the answer). */
const pushPass = (call: CallContext, passId: string) => announcePassChange(call.app, passId);

const actorOf = (call: CallContext) => ({ id: call.viewer.id, name: call.viewer.name });

/** What the till shows of a pass of the card: holder, count, what remains to the reward. */
export async function lookUpPass(
  call: CallContext,
  cardId: string,
  choice: PassChoice,
): Promise<StampedPass> {
  const card = await cardOf(call, cardId);
  const pass = await passOfCard(call.app.db, card, choice);
  const stamps = await stampRepository.countNow(call.app.db, pass.id, card.countField);
  const last = await stampRepository.lastStamp(call.app.db, card.id, pass.id);
  return stampedPass(card, pass, stamps, last?.at ?? null);
}

/**
 * Adds stamps to a pass of an active card, atomically (concurrent stamps never lose one), records the stamp, and
 * at the card's count issues the reward (a pass of the reward template, in the same transaction) while the count
 * starts again with the surplus. The wallet gets a new update tag and a push.
 */
export async function stampPass(
  call: CallContext,
  cardId: string,
  request: StampRequest,
): Promise<StampAnswer> {
  const card = await cardOf(call, cardId);
  if (!card.active)
    throw conflict({
      en: `The stamp card "${card.name}" is not active: activate it to give stamps.`,
      cs: `Věrnostní karta „${card.name}“ není aktivní: aktivujte ji, abyste mohli dávat razítka.`,
    });
  const count = request.count ?? 1;
  if (count > card.stampsForReward)
    throw badRequest(
      {
        en: `This card gives a reward at ${card.stampsForReward} stamps: add at most that many at once.`,
        cs: `Tato karta dává odměnu za ${card.stampsForReward} razítek: najednou jich přidejte nejvýše tolik.`,
      },
      [
        {
          path: '/count',
          message: `must be at most ${card.stampsForReward} on this card`,
          cs: `smí být na této kartě nejvýše ${card.stampsForReward}`,
        },
      ],
    );
  const template = await stampRepository.templateSchema(call.app.db, card.templateId);
  if (!template)
    throw conflict({
      en: "The card's template was deleted: its passes collect no more stamps.",
      cs: 'Šablona karty byla smazána: její pasy už razítka nesbírají.',
    });
  const problem = countFieldProblem(template.schema, card.countField);
  if (problem) throw conflict(problem);
  const pass = await passOfCard(call.app.db, card, request);
  const rewardTemplate = card.rewardTemplateId
    ? await templateRepository.findLive(call.app.db, card.rewardTemplateId)
    : undefined;

  const result = await call.app.db.transaction().execute(async (trx) => {
    const counted = await stampRepository.addStamps(trx, pass.id, card, count);
    if (!counted)
      throw conflict({
        en: 'This pass was voided or deleted meanwhile: it collects no stamps.',
        cs: 'Tento pas byl mezitím zneplatněn nebo smazán: razítka nesbírá.',
      });
    const rewarded = counted.stampsBefore + count >= card.stampsForReward;
    if (rewarded && card.rewardTemplateId && !rewardTemplate)
      throw conflict({
        en: "The card's reward template was deleted: choose another reward on the stamp card.",
        cs: 'Šablona odměny karty byla smazána: zvolte na věrnostní kartě jinou odměnu.',
      });
    const issued =
      rewarded && rewardTemplate
        ? rewardPassOf(card, counted.dynamicData, rewardTemplate.dynamicDataJsonSchema, new Date())
        : undefined;
    const reward =
      issued && rewardTemplate
        ? await passRepository.insertTemplatePass(
            trx,
            rewardTemplate,
            issued.dynamicData,
            issued.expirationDate,
          )
        : undefined;
    const written = {
      projectId: card.projectId,
      stampCardId: card.id,
      passId: pass.id,
      count,
      stampsBefore: counted.stampsBefore,
      stampsAfter: counted.stampsAfter,
      rewarded,
      rewardPassId: reward?.id ?? null,
      userId: call.viewer.id,
    };
    const stamp = await stampRepository.recordStamp(trx, written);
    const changes: RowChange[] = [
      {
        resource: passResource.name,
        action: 'update',
        before: passEntity(call, withCountValue(counted, card.countField, counted.stampsBefore)),
        after: passEntity(call, counted),
      },
    ];
    if (reward)
      changes.push({ resource: passResource.name, action: 'create', after: passEntity(call, reward) });
    await recordChanges({ db: trx, config: call.app.config }, actorOf(call), changes);
    const published = await publishStamp(call, trx, card, { ...written, ...stamp }, reward);
    return { counted, rewarded, reward, stamp, published };
  });

  if (result.published) call.app.integrationEvents.wake();
  await pushPass(call, pass.id);
  return {
    ...stampedPass(card, result.counted, result.counted.stampsAfter, result.stamp.at),
    rewarded: result.rewarded,
    ...(result.reward ? { rewardPassId: result.reward.id } : {}),
    stampId: result.stamp.id,
  };
}

/**
 * Takes back the newest stamp of the pass on the card that is not undone yet: the count goes back by what that stamp
 * added (never below 0), and the reward pass it issued is voided. The wallets of both follow.
 */
export async function undoLastStamp(
  call: CallContext,
  cardId: string,
  choice: PassChoice,
): Promise<UndoAnswer> {
  const card = await cardOf(call, cardId);
  const pass = await passOfCard(call.app.db, card, choice);
  const result = await call.app.db.transaction().execute(async (trx) => {
    const locked = await stampRepository.lockLivePass(trx, pass.id);
    if (!locked)
      throw conflict({
        en: 'This pass was deleted meanwhile: nothing was undone.',
        cs: 'Tento pas byl mezitím smazán: nic nebylo vráceno.',
      });
    const last = await stampRepository.lastStamp(trx, card.id, pass.id);
    if (!last)
      throw conflict({
        en: 'This pass has no stamp of this card left to undo.',
        cs: 'Tento pas už nemá žádné razítko této karty, které by šlo vrátit.',
      });
    const now = await stampRepository.countNow(trx, pass.id, card.countField);
    const value = Math.max(0, now - (last.stampsAfter - last.stampsBefore));
    const updated = await stampRepository.setCount(trx, pass.id, card.countField, value);
    await stampRepository.markUndone(trx, last.id);
    const voided = last.rewardPassId ? await stampRepository.voidPass(trx, last.rewardPassId) : undefined;
    const changes: RowChange[] = [
      {
        resource: passResource.name,
        action: 'update',
        before: passEntity(call, locked),
        after: passEntity(call, updated),
      },
    ];
    if (voided)
      changes.push({
        resource: passResource.name,
        action: 'update',
        before: passEntity(call, { ...voided, voided: false }),
        after: passEntity(call, voided),
      });
    await recordChanges({ db: trx, config: call.app.config }, actorOf(call), changes);
    const previous = await stampRepository.lastStamp(trx, card.id, pass.id);
    return { updated, value, last, voided, previous };
  });

  await pushPass(call, pass.id);
  if (result.voided) await pushPass(call, result.voided.id);
  return {
    ...stampedPass(card, result.updated, result.value, result.previous?.at ?? null),
    stampId: result.last.id,
    ...(result.voided ? { voidedRewardPassId: result.voided.id } : {}),
  };
}

/** The stamps of a card, newest first (undone ones too, marked). */
export async function stampsOfCard(
  call: CallContext,
  cardId: string,
  page: number,
  limit: number,
): Promise<{ data: Stamp[]; totalCount: number; page: number; limit: number }> {
  const card = await cardOf(call, cardId);
  const [rows, totalCount] = await Promise.all([
    stampRepository.listOfCard(call.app.db, card.id, page, limit),
    stampRepository.countOfCard(call.app.db, card.id),
  ]);
  const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);
  const data = rows.map((row) => ({
    id: row.id,
    at: new Date(row.at).toISOString(),
    stampCardId: row.stampCardId,
    passId: row.passId,
    count: row.count,
    stampsBefore: row.stampsBefore,
    stampsAfter: row.stampsAfter,
    rewarded: row.rewarded,
    rewardPassId: row.rewardPassId,
    userId: row.userId,
    userName: row.userName,
    undoneAt: iso(row.undoneAt),
  }));
  return { data, totalCount, page, limit };
}
