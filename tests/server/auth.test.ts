import { ADMIN, describeOnEachDatabase } from './harness';

describeOnEachDatabase('sign-in', (server) => {
  const login = (email: string, password: string) =>
    server().call(undefined, { method: 'POST', url: '/api/core/auth/login', payload: { email, password } });

  it('answers a token and its lifetime for good credentials', async () => {
    const response = await login(ADMIN.email, ADMIN.password);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ token: expect.any(String), expiresIn: 3600 });
  });

  it('answers the same 401 for an unknown e-mail and a wrong password', async () => {
    const unknown = await login('nobody@test.local', ADMIN.password);
    const wrong = await login(ADMIN.email, 'wrong password');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(unknown.json().message).toBe('Invalid credentials');
  });

  it('finds the account whatever the case of the e-mail', async () => {
    expect((await login(ADMIN.email.toUpperCase(), ADMIN.password)).statusCode).toBe(200);
  });

  it('gives a new working token on refresh', async () => {
    const token = await server().login(ADMIN.email, ADMIN.password);
    const refreshed = await server().call(token, { method: 'POST', url: '/api/core/auth/refresh' });
    expect(refreshed.statusCode).toBe(200);
    const me = await server().call(refreshed.json().token, { method: 'GET', url: '/api/core/v1/user/me' });
    expect(me.json().email).toBe(ADMIN.email);
  });

  it('stops a token at logout, and its refresh too', async () => {
    const token = await server().login(ADMIN.email, ADMIN.password);
    expect((await server().call(token, { method: 'POST', url: '/api/core/auth/logout' })).statusCode).toBe(
      204,
    );
    expect((await server().call(token, { method: 'GET', url: '/api/core/v1/user/me' })).statusCode).toBe(401);
    expect((await server().call(token, { method: 'POST', url: '/api/core/auth/refresh' })).statusCode).toBe(
      401,
    );
  });

  it('refuses a forged or missing token', async () => {
    const token = await server().login(ADMIN.email, ADMIN.password);
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    expect((await server().call(forged, { method: 'GET', url: '/api/core/v1/user/me' })).statusCode).toBe(
      401,
    );
    expect((await server().call(undefined, { method: 'GET', url: '/api/core/v1/project' })).statusCode).toBe(
      401,
    );
  });

  it("stops a disabled user's tokens at once", async () => {
    const user = await server().createUser();
    expect((await server().call(user.token, { method: 'GET', url: '/api/core/v1/user/me' })).statusCode).toBe(
      200,
    );
    const admin = await server().adminToken();
    await server().call(admin, {
      method: 'PATCH',
      url: `/api/core/v1/user/${user.id}`,
      payload: { active: false },
    });
    expect((await server().call(user.token, { method: 'GET', url: '/api/core/v1/user/me' })).statusCode).toBe(
      401,
    );
    expect((await login(user.email, user.password)).statusCode).toBe(401);
  });

  it("stops a deleted user's tokens at once", async () => {
    const user = await server().createUser();
    const admin = await server().adminToken();
    await server().call(admin, { method: 'DELETE', url: `/api/core/v1/user/${user.id}` });
    expect((await server().call(user.token, { method: 'GET', url: '/api/core/v1/user/me' })).statusCode).toBe(
      401,
    );
  });

  it('limits failed attempts at an account from one address with 429 and Retry-After', async () => {
    const user = await server().createUser();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await login(user.email, 'wrong')).statusCode).toBe(401);
    }
    const limited = await login(user.email, user.password);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/Too many sign-in attempts/);
  });
});

describeOnEachDatabase('OAuth2 password grant', (server) => {
  const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
  let client: { clientId: string; clientSecret: string };

  beforeAll(async () => {
    const response = await server().call(await server().adminToken(), {
      method: 'POST',
      url: '/api/core/v1/apiClient',
      payload: { name: 'Integration' },
    });
    client = response.json();
  });

  const token = (form: string, authorization?: string) =>
    server().call(undefined, {
      method: 'POST',
      url: '/api/core/oauth2/token',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(authorization ? { authorization } : {}),
      },
      payload: form,
    });
  const userForm = `grant_type=password&username=${encodeURIComponent(ADMIN.email)}&password=${encodeURIComponent(ADMIN.password)}`;

  it('shows the client secret once, at creation, and never again', async () => {
    expect(client.clientSecret).toMatch(/^[\w-]{40,}$/);
    const list = await server().call(await server().adminToken(), {
      method: 'GET',
      url: '/api/core/v1/apiClient',
    });
    expect(list.body).not.toContain(client.clientSecret);
    expect(list.body).not.toContain('secretHash');
  });

  it('answers a bearer token that opens the API', async () => {
    const response = await token(userForm, basic(client.clientId, client.clientSecret));
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 3600,
      refresh_token: expect.any(String),
    });
    const me = await server().call(body.access_token, { method: 'GET', url: '/api/core/v1/user/me' });
    expect(me.json().email).toBe(ADMIN.email);
  });

  it('answers invalid_client for a wrong secret or no client authentication', async () => {
    const wrong = await token(userForm, basic(client.clientId, 'nope'));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('invalid_client');
    expect(wrong.headers['www-authenticate']).toMatch(/^Basic/);
    expect((await token(userForm)).json().error).toBe('invalid_client');
  });

  it('answers invalid_grant for bad user credentials', async () => {
    const response = await token(
      'grant_type=password&username=admin%40test.local&password=bad',
      basic(client.clientId, client.clientSecret),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('invalid_grant');
  });

  it('answers unsupported_grant_type for other grants', async () => {
    const response = await token(
      'grant_type=authorization_code',
      basic(client.clientId, client.clientSecret),
    );
    expect(response.json().error).toBe('unsupported_grant_type');
  });

  it('answers unauthorized_client for a disabled client', async () => {
    const admin = await server().adminToken();
    const created = (
      await server().call(admin, { method: 'POST', url: '/api/core/v1/apiClient', payload: { name: 'Off' } })
    ).json();
    await server().call(admin, {
      method: 'PATCH',
      url: `/api/core/v1/apiClient/${created.id}`,
      payload: { active: false },
    });
    const response = await token(userForm, basic(created.clientId, created.clientSecret));
    expect(response.json().error).toBe('unauthorized_client');
  });
});
