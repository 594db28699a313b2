import { png } from '../passFixtures';
import { fillPath, jsonPayload, type FuzzRequest } from './cases';
import type { FuzzFixtures } from './fixtures';
import { NUL, hostileText, hostileValue, wellFormed } from './hostileValues';
import type { Random } from './random';
import { mutate, plausible, type JsonSchema } from './schemaValues';
import type { Endpoint } from './surface';

/** POST /v1/{resource}/batch: items of every method, with data built from the resource's own write schema. */
export function batchRequest(
  endpoint: Endpoint,
  writeSchema: JsonSchema | undefined,
  random: Random,
  fixtures: FuzzFixtures,
): FuzzRequest {
  const resource = endpoint.path.split('/').slice(-2)[0];
  const items = Array.from({ length: random.int(1, 4) }, () => {
    const item: Record<string, unknown> = {
      method: random.pick(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'get', 'HEAD']),
    };
    if (random.chance(0.7)) item.id = random.chance(0.6) ? fixtures.idOf[resource] : hostileValue(random, 2);
    if (item.method === 'DELETE' && item.id === fixtures.idOf[resource]) item.id = random.uuid();
    if (random.chance(0.8))
      item.data = writeSchema ? plausible(writeSchema, random, fixtures.samples) : hostileValue(random);
    return item;
  });
  let body: unknown = items;
  for (let changes = random.int(0, 2); changes > 0; changes -= 1) body = mutate(body, random);
  return { method: 'POST', url: endpoint.path, ...jsonPayload(body, random) };
}

/** A multipart/form-data body of text fields and maybe one file, any of them hostile. */
function multipartPayload(fields: Array<[string, string]>, file: Buffer | undefined, random: Random) {
  const boundary = `----fuzz${random.int(0, 1e9)}`;
  const parts: Buffer[] = fields.map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    const fileName = random.chance(0.7) ? 'file.png' : hostileText(random).slice(0, 300);
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      file,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** An upload (image or certificate): fields of the right names with right or hostile values, and a file. */
export function uploadRequest(endpoint: Endpoint, random: Random, fixtures: FuzzFixtures): FuzzRequest {
  const url = fillPath(endpoint, random, fixtures);
  if (random.chance(0.15)) return { method: 'POST', url, ...jsonPayload(hostileValue(random), random) };
  const names = [
    'projectId',
    'type',
    'name',
    ...(random.chance(0.2) ? [hostileText(random).slice(0, 50)] : []),
  ];
  const fields: Array<[string, string]> = names
    .filter(() => random.chance(0.8))
    .map((name) => {
      const right =
        name === 'type' ? 'icon' : String(plausible({ type: 'string' }, random, fixtures.samples, name));
      return [name, random.chance(0.6) ? right : hostileText(random)];
    });
  const file = random.pick([png(58, 58), png(1, 1), Buffer.from('not a png'), Buffer.alloc(0), undefined]);
  return { method: 'POST', url, ...multipartPayload(fields, file, random) };
}

function basicAuthorization(random: Random, fixtures: FuzzFixtures): string | undefined {
  const id = random.chance(0.6) ? fixtures.client.id : hostileText(random);
  const secret = random.chance(0.5) ? fixtures.client.secret : hostileText(random);
  switch (random.int(0, 5)) {
    case 0:
      return undefined;
    case 1:
      return `Basic ${random.pick(['', '%%%', '!!!', 'Og==', Buffer.from(`${NUL}:${NUL}`).toString('base64')])}`;
    case 2:
      return `Basic ${Buffer.from(`${encodeURIComponent(wellFormed(id))}:${secret}`).toString('base64')}`;
    default:
      return `Basic ${Buffer.from(`${encodeURIComponent(wellFormed(id))}:${encodeURIComponent(wellFormed(secret))}`).toString('base64')}`;
  }
}

/** POST /oauth2/token: a form or JSON body of grant fields, client credentials in Basic auth or in the body. */
export function oauthRequest(endpoint: Endpoint, random: Random, fixtures: FuzzFixtures): FuzzRequest {
  const fields: Record<string, unknown> = {};
  const field = (name: string, right: unknown) => {
    if (random.chance(0.85)) fields[name] = random.chance(0.6) ? right : hostileValue(random, 2);
  };
  field('grant_type', 'password');
  field('username', random.pick([fixtures.user.email, 'nobody@example.com']));
  field('password', random.pick([fixtures.user.password, 'wrong']));
  if (random.chance(0.3)) field('client_id', fixtures.client.id);
  if (random.chance(0.3)) field('client_secret', fixtures.client.secret);
  const authorization = basicAuthorization(random, fixtures);
  const asForm = random.chance(0.6);
  const payload = asForm
    ? new URLSearchParams(
        Object.entries(fields).map(([name, value]) => [
          name,
          typeof value === 'string' ? value : JSON.stringify(value),
        ]),
      ).toString()
    : JSON.stringify(fields);
  return {
    method: 'POST',
    url: endpoint.path,
    payload,
    headers: {
      'content-type': asForm ? 'application/x-www-form-urlencoded' : 'application/json',
      ...(authorization ? { authorization } : {}),
    },
  };
}
