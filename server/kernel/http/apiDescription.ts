/** The introduction of the OpenAPI description at /api/docs (Markdown). */
export const API_DESCRIPTION = [
  'Core API at `/api/core`; `/v1/...` and `/oauth2/token` at the server root answer exactly the same ' +
    '(for clients configured with the bare origin, as Yourpass clients are): the two `servers` of its paths. ' +
    'Every other path names its own server, the root.',
  '',
  '**Lists** take `where` (JSON: `{"field": value | {"$eq"|"$in"|"$inUuid"|"$like"|"$gt"|"$lt"|"gtOrEq"|"$day": value}}`), ' +
    '`page`, `limit` (max 1000), `order` (asc|desc), `orderBy`, `count` (false skips the total; `suppressCount` ' +
    'or `suppressCount=true` does the same). Every query value may also be sent JSON-encoded (`order="desc"`, ' +
    '`limit="3"`), as the Yourpass clients send them.',
  '',
  '**Deleted rows** (delete is soft): lists show live rows only, unless `deleted=true` (deleted rows too) or a ' +
    'condition on `deletedAt` (`{"deletedAt": {"$gt": "2026-11-01T00:00:00Z"}}`: rows deleted since). ' +
    '`GET /v1/{resource}/{id}?deleted=true` answers a deleted entity. Deleting moves `updatedAt`, so ' +
    '`where={"updatedAt":{"$gt":"<last sync>"}}&deleted=true` finds every change since the last sync. ' +
    'Rights are the same as for live rows.',
  '',
  '**DELETE** answers 200 with the deleted entity (`deletedAt` set), in batches too. **PATCH** merges ' +
    "object-valued JSON fields (a pass's `dynamicData` and `dynamicImages`, a template's `images` and " +
    '`translations`, ...) as a JSON merge patch (RFC 7396: a null removes its key) and checks the merged value; ' +
    '**PUT** replaces.',
  '',
  "**CORS**: browser pages of the origins in the server's `CORS_ORIGINS` setting (or any, with `*`) may call the " +
    'APIs with a bearer token; preflights from other origins answer 403.',
  '',
  'Bodies are JSON whatever the Content-Type says (text/plain included); errors are ' +
    '`{statusCode, error, message, errors?}`. The public links (`/p`) answer a browser that prefers HTML with a ' +
    'page instead, with the same status; `GET /health` tells load balancers whether the database answers.',
].join('\n');
