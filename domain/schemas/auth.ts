import { Type, type Static } from '@sinclair/typebox';

export const LoginSchema = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
});

export const TokenSchema = Type.Object({
  token: Type.String(),
  /** seconds until the token expires */
  expiresIn: Type.Integer(),
});
export type TokenAnswer = Static<typeof TokenSchema>;

export const OAuthTokenSchema = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('Bearer'),
  expires_in: Type.Integer(),
});

export const OAuthErrorSchema = Type.Object({
  error: Type.String(),
  error_description: Type.Optional(Type.String()),
});
