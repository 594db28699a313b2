import { redactText, redactValue } from '../../server/kernel/logging/redact';

describe('redaction of log text', () => {
  it('replaces the values of secret query parameters and form fields, whatever their spelling', () => {
    expect(redactText('/order/1?token=abc&tag=web')).toBe('/order/1?token=[redacted]&tag=web');
    expect(redactText('grant_type=password&username=ann&password=s3cret&Client-Secret=c1')).toBe(
      'grant_type=password&username=ann&password=[redacted]&Client-Secret=[redacted]',
    );
    expect(redactText('/x?%74oken=abc')).toBe('/x?%74oken=[redacted]');
  });

  it('keeps what is no secret: filters, pages, a grant type named password', () => {
    const url = '/api/core/v1/pass?where=%7B%22name%22%3A%22Ann%22%7D&page=2&orderBy=createdAt';
    expect(redactText(url)).toBe(url);
    expect(redactText('grant_type=password')).toBe('grant_type=password');
  });

  it('replaces secret fields of JSON text, Authorization credentials and JSON Web Tokens', () => {
    expect(redactText('{"email":"a@b.c","currentPassword":"x\\"y","newPassword":"z"}')).toBe(
      '{"email":"a@b.c","currentPassword":"[redacted]","newPassword":"[redacted]"}',
    );
    expect(redactText('authorization: ApplePass 3f2a9c0d, then Basic bG9nOnNlY3JldA==')).toBe(
      'authorization: ApplePass [redacted], then Basic [redacted]',
    );
    expect(
      redactText('https://pay.google.com/gp/v/save/eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJhIn0.c2lnbmF0dXJl'),
    ).toBe('https://pay.google.com/gp/v/save/[redacted]');
  });

  it('replaces the password of an address (SMTP_URL, DATABASE_URL) and private keys, even cut off', () => {
    expect(redactText('cannot reach smtps://mailer:p4ss@mail.example.com:465')).toBe(
      'cannot reach smtps://[redacted]@mail.example.com:465',
    );
    // the PEM marker is put together here, so that no scan of the repository takes this fragment for a real key
    const keyStart = ['-----BEGIN', 'PRIVATE KEY-----'].join(' ');
    expect(redactText(`Unexpected token in "${keyStart}\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC`)).toBe(
      'Unexpected token in "[redacted] private key',
    );
  });

  it('replaces path segments that act as secrets: payment ids, device library identifiers', () => {
    expect(redactText('/api/ticket/public/v1/simulated-bank/Zm9vYmFy?x=1')).toBe(
      '/api/ticket/public/v1/simulated-bank/[redacted]?x=1',
    );
    expect(redactText('/wallet/v1/devices/a1b2c3/registrations/pass.x')).toBe(
      '/wallet/v1/devices/[redacted]/registrations/pass.x',
    );
  });

  it('replaces values under secret keys at any depth of a logged object, and errors keep their message', () => {
    const error = Object.assign(new Error('login with password=hunter2 failed'), { clientSecret: 'c' });

    const redacted = redactValue({
      body: { email: 'a@b.c', password: 'x', nested: [{ refresh_token: 'r' }] },
      error,
    });

    expect(redacted).toEqual({
      body: { email: 'a@b.c', password: '[redacted]', nested: [{ refresh_token: '[redacted]' }] },
      error: expect.objectContaining({
        type: 'Error',
        message: 'login with password=[redacted] failed',
        clientSecret: '[redacted]',
      }),
    });
  });
});
