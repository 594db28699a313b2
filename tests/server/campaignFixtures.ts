import { sql } from 'kysely';
import type { Db } from '../../server/kernel/db/database';
import { startApnsStandIn, type ApnsStandIn } from './apnsStandIn';
import type { TestServer } from './harness';
import { coreApi } from './passFixtures';
import { aSignableTemplate, setUpSigningWithIcon, startSigningTestServer } from './walletFixtures';

/**
 * Seeds `count` live passes of the template, each held by a device of its own registered for the pass type, in
 * three statements (no signing, no API): what a push campaign walks.
 *
 * @example await seedRegisteredPasses(db, { projectId, templateId, passTypeIdentifier, count: 1200 })
 */
export async function seedRegisteredPasses(
  db: Db,
  seed: { projectId: string; templateId: string; passTypeIdentifier: string; count: number },
): Promise<void> {
  await sql`insert into "pass" ("projectId", "templateId", "dynamicData", "dynamicImages", "voided")
    select ${seed.projectId}, ${seed.templateId}, '{}'::jsonb, '{}'::jsonb, false
    from generate_series(1, ${seed.count})`.execute(db);
  await sql`insert into "device" ("deviceLibraryIdentifier", "pushToken")
    select 'seed' || replace("id"::text, '-', ''), md5("id"::text) || md5("id"::text)
    from "pass" where "templateId" = ${seed.templateId} and "deletedAt" is null`.execute(db);
  await sql`insert into "registration" ("deviceId", "passId", "passTypeIdentifier")
    select "device"."id", "pass"."id", ${seed.passTypeIdentifier}
    from "pass" join "device" on "device"."deviceLibraryIdentifier" = 'seed' || replace("pass"."id"::text, '-', '')
    where "pass"."templateId" = ${seed.templateId} and "pass"."deletedAt" is null`.execute(db);
}

/** The push tokens of the devices registered (live) for the template's passes. */
export async function tokensOfTemplate(db: Db, templateId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('registration')
    .innerJoin('pass', 'pass.id', 'registration.passId')
    .innerJoin('device', 'device.id', 'registration.deviceId')
    .select('device.pushToken')
    .where('pass.templateId', '=', templateId)
    .where('registration.deletedAt', 'is', null)
    .execute();
  return rows.map((row) => row.pushToken);
}

/** A signing server pushing to an APNs stand-in, with a project whose certificate and icon make passes sign. */
export interface CampaignBed {
  server: TestServer;
  apns: ApnsStandIn;
  admin: string;
  projectId: string;
  /** A new template of the project with `count` passes, each held by a device of its own: ids and push tokens. */
  registeredTemplate(count: number): Promise<{ templateId: string; passIds: string[]; tokens: string[] }>;
  close(): Promise<void>;
}

/**
 * What push campaign tests start from: an APNs stand-in, a signing test server on it (quick retries and polls; APNs
 * given up after `apnsTimeoutMs`), a project with a certificate and an icon.
 *
 * @example const bed = await startCampaignBed(kind, 'Campaigns'); const { templateId, tokens } = await bed.registeredTemplate(1200)
 */
export async function startCampaignBed(
  kind: TestServer['kind'],
  projectName: string,
  apnsTimeoutMs = 1000,
): Promise<CampaignBed> {
  const apns = await startApnsStandIn();
  const server = await startSigningTestServer(kind, {
    APNS_HOST: apns.url,
    APNS_CA_FILE: apns.caFile,
    APNS_TIMEOUT_MS: String(apnsTimeoutMs),
    JOB_RETRY_BASE_MS: '50',
    JOB_POLL_MS: '50',
  });
  const admin = await server.adminToken();
  const projectId = await server.createProject(projectName);
  const { certificateId, passTypeId, iconId } = await setUpSigningWithIcon(server, admin, projectId);
  const api = coreApi(() => server);
  return {
    server,
    apns,
    admin,
    projectId,
    async registeredTemplate(count) {
      const templateId = (
        await api.created(admin, 'template', aSignableTemplate(projectId, certificateId, { icon: iconId }))
      ).id as string;
      const { db } = server.context;
      await seedRegisteredPasses(db, { projectId, templateId, passTypeIdentifier: passTypeId, count });
      const passIds = (
        await db.selectFrom('pass').select('id').where('templateId', '=', templateId).orderBy('id').execute()
      ).map((row) => row.id);
      return { templateId, passIds, tokens: await tokensOfTemplate(db, templateId) };
    },
    async close() {
      await server.close();
      await apns.close();
    },
  };
}
