import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../kernel/db/database';

/** A pass as the Apple Wallet web service sees it, deleted ones included (to tell 410 from 404). */
export interface WalletPass {
  id: string;
  projectId: string;
  templateId: string;
  authenticationToken: string;
  deletedAt: Date | null;
  /** the pass type of the template's certificate; null while it has none issued by Apple */
  passTypeIdentifier: string | null;
}

/** One device to notify about one pass. */
export interface PushTarget {
  passId: string;
  projectId: string;
  templateId: string;
  deviceId: string;
  pushToken: string;
  passTypeIdentifier: string;
  /** the certificate that signs the pass and authenticates the push; null when the template lost it */
  certificateId: string | null;
}

export interface SerialsUpdated {
  serialNumbers: string[];
  /** the newest update tag among them: microseconds since 1970, as text; null when there are none */
  lastUpdated: string | null;
}

/**
 * The live passes of a template, or those of them with ids in (after, upTo] (a template campaign's chunk), or those of
 * them named (an import campaign's chunk).
 */
export interface TemplatePasses {
  templateId: string;
  after?: string | null;
  upTo?: string;
  passIds?: string[];
}

/** The condition on "pass" of the template's live passes in the range. */
function rangeOf(of: TemplatePasses): RawBuilder<boolean> {
  const conditions = [sql`"pass"."templateId" = ${of.templateId}`];
  if (of.after) conditions.push(sql`"pass"."id" > ${of.after}`);
  if (of.upTo) conditions.push(sql`"pass"."id" <= ${of.upTo}`);
  if (of.passIds) conditions.push(sql`"pass"."id" in (${sql.join(of.passIds)})`);
  return sql<boolean>`${sql.join(conditions, sql` and `)}`;
}

/** An update tag (microseconds since 1970) as a timestamptz, exactly: integer arithmetic, no float rounding. */
const tagToTimestamp = (tag: string) =>
  sql`(timestamptz 'epoch' + ${tag}::bigint * interval '1 microsecond')`;

/**
 * Which devices hold which passes (Apple Wallet registrations), and the pass columns they maintain: the device
 * count, first and last register and unregister dates, and the update tag (walletUpdatedAt).
 */
export const registrationRepository = {
  findWalletPass(db: Db, passId: string): Promise<WalletPass | undefined> {
    return db
      .selectFrom('pass')
      .innerJoin('template', 'template.id', 'pass.templateId')
      .leftJoin('certificate', (join) =>
        join.onRef('certificate.id', '=', 'template.certificateId').on('certificate.deletedAt', 'is', null),
      )
      .select([
        'pass.id',
        'pass.projectId',
        'pass.templateId',
        'pass.authenticationToken',
        'pass.deletedAt',
        'certificate.passTypeId as passTypeIdentifier',
      ])
      .where('pass.id', '=', passId)
      .executeTakeFirst();
  },

  /**
   * Registers the device for the pass; false when it already was (nothing changes then).
   *
   * @example const created = await registrationRepository.register(db, { deviceId, passId, passTypeIdentifier })
   */
  register(
    db: Db,
    registration: { deviceId: string; passId: string; passTypeIdentifier: string },
  ): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('registration')
        .values(registration)
        .onConflict((conflict) =>
          conflict.columns(['deviceId', 'passId']).where('deletedAt', 'is', null).doNothing(),
        )
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return false;
      await trx
        .updateTable('pass')
        .set((update) => ({
          devicesTotal: sql`${update.ref('devicesTotal')} + 1`,
          firstRegisterAt: sql`coalesce(${update.ref('firstRegisterAt')}, now())`,
          lastRegisterAt: sql`now()`,
        }))
        .where('id', '=', registration.passId)
        .execute();
      return true;
    });
  },

  /** Ends the device's registrations for the pass, or for every pass when passId is omitted; answers the passes. */
  unregister(db: Db, deviceId: string, passId?: string): Promise<string[]> {
    return db.transaction().execute(async (trx) => {
      let ended = trx
        .updateTable('registration')
        .set({ deletedAt: sql`now()` })
        .where('deviceId', '=', deviceId)
        .where('deletedAt', 'is', null);
      if (passId !== undefined) ended = ended.where('passId', '=', passId);
      const passIds = (await ended.returning('passId').execute()).map((row) => row.passId);
      if (passIds.length === 0) return [];
      await trx
        .updateTable('pass')
        .set((update) => ({
          devicesTotal: sql`greatest(${update.ref('devicesTotal')} - 1, 0)`,
          firstUnregisterAt: sql`coalesce(${update.ref('firstUnregisterAt')}, now())`,
          lastUnregisterAt: sql`now()`,
        }))
        .where('id', 'in', passIds)
        .execute();
      return passIds;
    });
  },

  /**
   * The live passes of a pass type registered on the device whose update tag is newer than `since` (all when
   * null), and the newest tag among them. Indexed: the device by its unique identifier, its live registrations by
   * "registration_live" (deviceId, passId), each pass by its primary key.
   */
  async serialsUpdatedSince(
    db: Db,
    deviceLibraryIdentifier: string,
    passTypeIdentifier: string,
    since: string | null,
  ): Promise<SerialsUpdated> {
    let query = db
      .selectFrom('device')
      .innerJoin('registration', 'registration.deviceId', 'device.id')
      .innerJoin('pass', 'pass.id', 'registration.passId')
      .select([
        'pass.id',
        sql<string>`(extract(epoch from "pass"."walletUpdatedAt") * 1000000)::bigint::text`.as('tag'),
      ])
      .where('device.deviceLibraryIdentifier', '=', deviceLibraryIdentifier)
      .where('registration.passTypeIdentifier', '=', passTypeIdentifier)
      .where('registration.deletedAt', 'is', null)
      .where('pass.deletedAt', 'is', null);
    if (since !== null)
      query = query.where(sql<boolean>`"pass"."walletUpdatedAt" > ${tagToTimestamp(since)}`);
    const rows = await query.execute();
    let lastUpdated: string | null = null;
    for (const row of rows)
      if (lastUpdated === null || BigInt(row.tag) > BigInt(lastUpdated)) lastUpdated = row.tag;
    return { serialNumbers: rows.map((row) => row.id), lastUpdated };
  },

  /**
   * Every live registration of a live pass, or of the template's live passes (those with ids in (after, upTo] when
   * given: a campaign's chunk).
   */
  pushTargets(db: Db, of: { passId: string } | TemplatePasses): Promise<PushTarget[]> {
    const query = db
      .selectFrom('registration')
      .innerJoin('pass', 'pass.id', 'registration.passId')
      .innerJoin('device', 'device.id', 'registration.deviceId')
      .innerJoin('template', 'template.id', 'pass.templateId')
      .select([
        'pass.id as passId',
        'pass.projectId',
        'pass.templateId',
        'device.id as deviceId',
        'device.pushToken',
        'registration.passTypeIdentifier',
        'template.certificateId',
      ])
      .where('registration.deletedAt', 'is', null)
      .where('pass.deletedAt', 'is', null);
    return 'passId' in of
      ? query.where('pass.id', '=', of.passId).execute()
      : query.where(rangeOf(of)).execute();
  },

  /** How many pushes a template's passes (or a chunk of them) need: one per registered device and pass type. */
  async countPushTargets(db: Db, of: TemplatePasses): Promise<number> {
    const row = await db
      .selectFrom('registration')
      .innerJoin('pass', 'pass.id', 'registration.passId')
      .select(
        sql<number>`count(distinct ("registration"."deviceId", "registration"."passTypeIdentifier"))`.as(
          'count',
        ),
      )
      .where('registration.deletedAt', 'is', null)
      .where('pass.deletedAt', 'is', null)
      .where(rangeOf(of))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  /** A template push: every live pass of the template (or of a chunk of them) gets a new update tag; answers how many. */
  async touchPassesOfTemplate(db: Db, of: string | TemplatePasses): Promise<number> {
    const passes = typeof of === 'string' ? { templateId: of } : of;
    const result = await db
      .updateTable('pass')
      .set({ walletUpdatedAt: sql`now()` })
      .where('deletedAt', 'is', null)
      .where(rangeOf(passes))
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },
};
