import { filterColumns } from '../../src/common/filterColumns';
import { toCsv } from '../../src/common/csv';
import { initialsOf } from '../../src/layout/gravatar';
import { isEntityIdSegment } from '../../src/layout/entityId';
import { titleKeysFor } from '../../src/layout/menuItems';
import { passwordErrors } from '../../src/pages/profile/ChangePasswordTab';
import { loginPath, redirectTarget } from '../../src/auth/loginRedirect';
import { czech } from '../../src/i18n/czech';
import { english } from '../../src/i18n/i18nProvider';
import { createQueryClient } from '../../src/queryClient';

describe('filterColumns', () => {
  it.each([
    [300, 1],
    [630, 2],
    [1240, 3],
    [1241, 3],
    [1460, 4],
    [1900, 5],
  ])('a %i px window gets %i filter columns', (width, columns) => {
    expect(filterColumns(width)).toBe(columns);
  });
});

describe('toCsv', () => {
  it('writes a header of every field and quotes what needs it', () => {
    expect(
      toCsv([
        { id: '1', name: 'Acme, Inc.', active: true },
        { id: '2', name: 'Say "hi"', users: { a: 2 } },
      ]),
    ).toBe('id,name,active,users\r\n1,"Acme, Inc.",true,\r\n2,"Say ""hi""",,"{""a"":2}"');
  });

  it("prefixes with ' every text a spreadsheet would run as a formula, and leaves numbers as they are", () => {
    expect(
      toCsv([
        { cell: "=cmd|' /C calc'!A0", amount: -5 },
        { cell: '+1+1', amount: 2 },
        { cell: '-2', amount: 0 },
        { cell: '@SUM(A1)', amount: 1 },
        { cell: '\tx', amount: 1 },
        { cell: 'plain = text', amount: 1 },
      ]),
    ).toBe(
      "cell,amount\r\n'=cmd|' /C calc'!A0,-5\r\n'+1+1,2\r\n'-2,0\r\n'@SUM(A1),1\r\n\"'\tx\",1\r\nplain = text,1",
    );
  });
});

describe('layout helpers', () => {
  it('takes initials from the name, else from the e-mail', () => {
    expect(initialsOf('Jane Doe', 'jane@example.com')).toBe('JD');
    expect(initialsOf('', 'john.smith@example.com')).toBe('JS');
  });

  it('recognises an id segment: 36 characters in 5 dash groups', () => {
    expect(isEntityIdSegment('11111111-1111-4111-8111-111111111111')).toBe(true);
    expect(isEntityIdSegment('project')).toBe(false);
    expect(isEntityIdSegment('11111111-1111-4111-8111-11111111111')).toBe(false);
  });

  it('titles a page with its menu labels', () => {
    expect(titleKeysFor('/identity/project/11111111-1111-4111-8111-111111111111')).toEqual([
      'app.menu.identity',
      'resources.identity/project.name',
    ]);
    expect(titleKeysFor('/')).toEqual(['app.menu.home']);
    expect(titleKeysFor('/user/detail')).toEqual(['app.userMenu.profile']);
  });
});

describe('login redirects', () => {
  it('sends to /login with the path, except from the root', () => {
    expect(loginPath('/identity/user')).toBe('/login?redirect=%2Fidentity%2Fuser');
    expect(loginPath('/')).toBe('/login');
    expect(loginPath('/login?redirect=%2Fabout')).toBe('/login?redirect=%2Fabout');
  });

  it('returns after login only to paths of this console', () => {
    expect(redirectTarget('?redirect=%2Fidentity%2Fuser')).toBe('/identity/user');
    expect(redirectTarget('?redirect=https%3A%2F%2Fevil.example')).toBeUndefined();
    expect(redirectTarget('?redirect=%2F%2Fevil.example')).toBeUndefined();
    expect(redirectTarget('?redirect=%2F%5Cevil.example')).toBeUndefined();
    expect(redirectTarget('?redirect=%2F%09%2Fevil.example')).toBeUndefined();
    expect(redirectTarget('?redirect=javascript%3Aalert(1)')).toBeUndefined();
    expect(redirectTarget('?redirect=%2Fpasses%2Fpass%3Fpage%3D2')).toBe('/passes/pass?page=2');
    expect(redirectTarget('')).toBeUndefined();
  });
});

describe('passwordErrors', () => {
  it('accepts a filled current password and two equal new ones of 8 characters or more', () => {
    expect(passwordErrors({ current: 'x', next: '12345678', again: '12345678' })).toEqual({});
  });
});

describe('createQueryClient', () => {
  it('keeps an item read with getOne 15 minutes, and reads it again when older', () => {
    const queryClient = createQueryClient(['identity/project']);
    expect(queryClient.getQueryDefaults(['identity/project', 'getOne', { id: '1' }])).toMatchObject({
      staleTime: 900_000,
      gcTime: 900_000,
    });
    expect(queryClient.getQueryDefaults(['identity/project', 'getList', {}])).not.toHaveProperty('staleTime');
  });
});

describe('texts', () => {
  it('has the Czech console in every key of the English one', () => {
    const keys = (messages: object, prefix = ''): string[] =>
      Object.entries(messages).flatMap(([key, value]) =>
        typeof value === 'object' && value ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
      );
    expect(keys(czech)).toEqual(expect.arrayContaining(keys(english)));
  });
});
