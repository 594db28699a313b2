import zlib from 'node:zlib';
import { defaultJsonTemplate } from '../../domain/template/defaults';
import { ticketDynamicDataSchema, ticketJsonTemplate } from '../../domain/ticket/ticketTemplate';
import { PNG_SIGNATURE, pngChunk } from '../../server/features/passes/images/pngChunks';
import { transparentPng } from '../pngFiles';
import type { TestServer } from './harness';
export { expectError } from './harness';

export const MISSING_ID = '00000000-0000-4000-8000-000000000000';

// ---------------------------------------------------------------- PNG files, built in code

/**
 * A real PNG of the size (transparent pixels); with `totalBytes`, padded to exactly that many bytes by a
 * text chunk, to test size limits at their boundary.
 */
export function png(width: number, height: number, options: { totalBytes?: number } = {}): Buffer {
  return transparentPng(width, height, options.totalBytes);
}

/** A PNG that declares a size without carrying its pixels: reading it whole would be a decompression bomb. */
export function pngHeaderOnly(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6], 8); // 8 bits a channel, RGBA
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(16))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The first bytes of a GIF (what a GIF renamed .png starts with). */
export const GIF = Buffer.concat([
  Buffer.from('GIF89a', 'latin1'),
  Buffer.from([1, 0, 1, 0, 0x80, 0, 0]),
  Buffer.alloc(32),
]);

/** Valid sizes per image type (spec section 5). */
export const GOOD_SIZES = {
  icon: [58, 58],
  logo: [320, 100],
  footer: [572, 30],
  strip: [640, 168],
  thumbnail: [180, 120],
  background: [360, 440],
  artwork: [716, 896],
  secondaryLogo: [270, 60],
  venueMap: [1500, 1500],
  primaryLogo: [252, 80],
} as const;

// ---------------------------------------------------------------- multipart bodies

export interface FilePart {
  field?: string;
  name: string;
  type?: string;
  data: Buffer;
}

/** A multipart/form-data body for inject: the text fields, then the files. */
export function multipart(fields: Record<string, string>, files: FilePart[] = []) {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'image/png'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

// ---------------------------------------------------------------- templates and API calls

/** A store card whose primary field shows the pass's dynamic data (#{name}, with a fallback). */
export function jsonTemplate(changes: Record<string, unknown> = {}) {
  return {
    ...defaultJsonTemplate(),
    storeCard: {
      primaryFields: [
        { key: 'name', label: 'Name', value: { type: 'string', value: '#{name}', fallback: 'Guest' } },
      ],
    },
    ...changes,
  };
}

/** A template on the ticket contract (domain/ticket/ticketTemplate), which a product may issue tickets from. */
export function ticketTemplateBody(projectId: string, changes: Record<string, unknown> = {}) {
  return {
    name: 'Ticket',
    projectId,
    jsonTemplate: ticketJsonTemplate(),
    languages: ['en'],
    dynamicDataJsonSchema: ticketDynamicDataSchema(),
    ...changes,
  };
}

/** name required (at most 20 characters), points a whole number from 0; nothing else. */
export const DYNAMIC_DATA_SCHEMA = {
  type: 'object',
  properties: { name: { type: 'string', maxLength: 20 }, points: { type: 'integer', minimum: 0 } },
  required: ['name'],
  additionalProperties: false,
};

export function templateBody(projectId: string, changes: Record<string, unknown> = {}) {
  return {
    name: 'Member card',
    projectId,
    jsonTemplate: jsonTemplate(),
    languages: ['en'],
    dynamicDataJsonSchema: DYNAMIC_DATA_SCHEMA,
    ...changes,
  };
}

/** A new user with the given rights in each project (a project id to its rights); answers their token. */
export async function userWithRights(server: TestServer, rights: Record<string, number>): Promise<string> {
  const user = await server.createUser();
  for (const [projectId, projectRights] of Object.entries(rights))
    await server.setRights(projectId, user.id, projectRights);
  return user.token;
}

/** Calls of the core API as a token holder. */
export function coreApi(server: () => TestServer) {
  const call = (
    token: string,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    payload?: unknown,
  ) =>
    server().call(token, {
      method,
      url: `/api/core/v1/${path}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const created = async (token: string, path: string, payload: unknown) => {
    const response = await call(token, 'POST', path, payload);
    if (response.statusCode !== 201) throw new Error(`POST ${path} failed: ${response.body}`);
    return response.json();
  };
  const upload = (token: string, fields: Record<string, string>, files: FilePart[] = []) =>
    server().call(token, { method: 'POST', url: '/api/core/v1/image', ...multipart(fields, files) });
  const uploaded = async (
    token: string,
    projectId: string,
    type: keyof typeof GOOD_SIZES,
    name = `${type}.png`,
  ) => {
    const [width, height] = GOOD_SIZES[type];
    const response = await upload(token, { projectId, type, name }, [{ name, data: png(width, height) }]);
    if (response.statusCode !== 201) throw new Error(`upload failed: ${response.body}`);
    return response.json();
  };
  /** live rows of a table, straight from the database */
  const count = async (table: 'template' | 'pass' | 'image' | 'certificate') => {
    const row = await server()
      .context.db.selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('deletedAt', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };
  return { call, created, upload, uploaded, count };
}
