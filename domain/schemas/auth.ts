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

/** The form of POST /oauth2/token (RFC 6749 sections 4.3 and 6), as the API reference shows it. */
export const OAuthTokenRequestSchema = Type.Object({
  grant_type: Type.Union([
    Type.Literal('password'),
    Type.Literal('refresh_token'),
    Type.Literal('client_credentials'),
  ]),
  username: Type.Optional(Type.String({ description: 'grant_type=password: the e-mail of the user' })),
  password: Type.Optional(Type.String({ description: 'grant_type=password' })),
  refresh_token: Type.Optional(
    Type.String({ description: 'grant_type=refresh_token: the last one answered' }),
  ),
  scope: Type.Optional(
    Type.String({
      description:
        'rights that narrow the token, separated by spaces (pass:read pass:write template:read ...); echoed in the answer',
    }),
  ),
  client_id: Type.Optional(Type.String({ description: 'instead of HTTP Basic authentication' })),
  client_secret: Type.Optional(Type.String({ description: 'instead of HTTP Basic authentication' })),
});

export const OAuthTokenSchema = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('Bearer'),
  expires_in: Type.Integer(),
  /** confidential clients only; each refresh answers a new one and the old one stops */
  refresh_token: Type.Optional(Type.String()),
  scope: Type.Optional(Type.String()),
});
export type OAuthTokenAnswer = Static<typeof OAuthTokenSchema>;

export const OAuthErrorSchema = Type.Object({
  error: Type.String(),
  error_description: Type.Optional(Type.String()),
});
