import { Type, type Static } from '@sinclair/typebox';

/** An app of the App Store, as the console shows it in a search result or next to an associated app id. */
export const AppStoreAppSchema = Type.Object({
  /** the App Store id (iTunes trackId): what a pass lists in associatedStoreIdentifiers */
  id: Type.Integer({ minimum: 1 }),
  name: Type.String(),
  developer: Type.String(),
  /** address of the app's icon; empty when the App Store gives none */
  iconUrl: Type.String(),
});
export type AppStoreApp = Static<typeof AppStoreAppSchema>;

export const AppStoreSearchQuerySchema = Type.Object(
  {
    term: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', description: 'words of the app name' }),
  },
  { additionalProperties: false },
);

export const AppStoreSearchAnswerSchema = Type.Array(AppStoreAppSchema);

export const AppStoreAppParamsSchema = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'the App Store id' }),
});
