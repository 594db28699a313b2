import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type DatabaseHandle } from '../../server/kernel/db/database';
import { startApnsStandIn, type ApnsStandIn } from './apnsStandIn';
import { signIn, startInstances, type ApiCaller, type Instances } from './instances';
import { seedRegisteredPasses, tokensOfTemplate } from './campaignFixtures';
import { overHttp } from './overHttp';
import { aSignableTemplate, setUpSigningWithIcon, sharedSigningChain } from './walletFixtures';

/** Compiled servers pushing to one APNs stand-in, a handle on their database to seed it, an administrator's calls. */
export interface CampaignInstances {
  apns: ApnsStandIn;
  instances: Instances;
  /** the instances' database, opened by the test (seeding passes and devices in SQL) */
  database: DatabaseHandle;
  /** the administrator's token and calls, through the first instance */
  admin: string;
  onFirst: ApiCaller;
  /** A new project with a certificate and an icon (made through the first instance), whose templates' passes sign. */
  signingProject(name: string): Promise<SigningProject>;
  close(): Promise<void>;
}

/** A project whose passes sign, and how to give it a template of passes held by devices. */
export interface SigningProject {
  projectId: string;
  passTypeId: string;
  /** A new template of the project with `count` passes, each held by a device of its own (seeded in SQL). */
  registeredTemplate(count: number): Promise<{ templateId: string; tokens: string[] }>;
}

/**
 * What the tests of campaigns over several processes start from: an APNs stand-in, `count` compiled servers on one
 * fresh PostgreSQL database that trust the shared test signing chain and push to the stand-in (job locks of 5 s,
 * polls every 200 ms, 20 pushes in flight; `env` adds or overrides), and the database opened for seeding.
 *
 * @example const bed = await startCampaignInstances(3, { JOB_CONCURRENCY: '1' })
 */
export async function startCampaignInstances(
  count: number,
  env: Record<string, string> = {},
): Promise<CampaignInstances> {
  const apns = await startApnsStandIn({ maxConcurrentStreams: 1000 });
  const chain = await sharedSigningChain();
  const instances = await startInstances(count, {
    shared: {
      APNS_HOST: apns.url,
      APNS_CA_FILE: apns.caFile,
      WWDR_CERT: chain.wwdrFile,
      PUBLIC_URL: 'https://passes.test',
      JOB_LOCK_SECONDS: '5',
      JOB_POLL_MS: '200',
      APNS_CONCURRENCY: '20',
      ...env,
    },
  });
  const { token: admin, call: onFirst } = await signIn(instances.urls[0]);
  const seedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'passbase-campaign-seed-'));
  const database = await openDatabase({ databaseUrl: instances.databaseUrl, dataDir: seedDir });
  return {
    apns,
    instances,
    database,
    admin,
    onFirst,
    async signingProject(name) {
      const projectId = (await onFirst('POST', '/api/core/v1/project', { name })).body.id as string;
      const { certificateId, passTypeId, iconId } = await setUpSigningWithIcon(
        overHttp(instances.urls[0]),
        admin,
        projectId,
      );
      return {
        projectId,
        passTypeId,
        async registeredTemplate(count) {
          const created = await onFirst(
            'POST',
            '/api/core/v1/template',
            aSignableTemplate(projectId, certificateId, { icon: iconId }),
          );
          if (created.status !== 201)
            throw new Error(`template: ${created.status} ${JSON.stringify(created.body)}`);
          const templateId = created.body.id as string;
          await seedRegisteredPasses(database.db, {
            projectId,
            templateId,
            passTypeIdentifier: passTypeId,
            count,
          });
          return { templateId, tokens: await tokensOfTemplate(database.db, templateId) };
        },
      };
    },
    async close() {
      await database.close();
      await instances.stop();
      await apns.close();
      fs.rmSync(seedDir, { recursive: true, force: true });
    },
  };
}
