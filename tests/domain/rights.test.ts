import {
  ALL_RIGHTS,
  Right,
  access,
  can,
  canAnywhere,
  isValidRightsMask,
  projectsWith,
  rightNames,
} from '../../domain/rights';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

describe('rights', () => {
  const member = { isAdmin: false, projects: { [A]: Right.PASS_READ | Right.PASS_UPDATE, [B]: 0 } };
  const admin = { isAdmin: true, projects: {} };

  it('grants a right only on the project that holds it', () => {
    expect(can(member, Right.PASS_READ, A)).toBe(true);
    expect(can(member, Right.PASS_READ, B)).toBe(false);
    expect(can(member, Right.PASS_DELETE, A)).toBe(false);
  });

  it('treats PROJECT_ACCESS as membership', () => {
    expect(can(member, Right.PROJECT_ACCESS, B)).toBe(true);
    expect(can(member, Right.PROJECT_ACCESS, '00000000-0000-4000-8000-00000000000c')).toBe(false);
  });

  it('gives admins everything, everywhere', () => {
    expect(can(admin, Right.TICKET_PRODUCT_MANAGE, B)).toBe(true);
    expect(canAnywhere(admin, Right.USER_UPDATE)).toBe(true);
  });

  it('counts a right globally when held on any project', () => {
    expect(canAnywhere(member, Right.PASS_UPDATE)).toBe(true);
    expect(canAnywhere(member, Right.USER_UPDATE)).toBe(false);
    expect(projectsWith(member, Right.PASS_READ)).toEqual([A]);
  });

  it('refuses nothing for no project', () => {
    expect(can(member, Right.PASS_READ, null)).toBe(false);
  });

  it('validates masks against the known bits', () => {
    expect(isValidRightsMask(0)).toBe(true);
    expect(isValidRightsMask(ALL_RIGHTS)).toBe(true);
    expect(isValidRightsMask(ALL_RIGHTS + 1 + 131072)).toBe(false);
    expect(isValidRightsMask(-1)).toBe(false);
    expect(isValidRightsMask(1.5)).toBe(false);
    expect(ALL_RIGHTS).toBe(131071);
  });

  it('names the rights of a mask', () => {
    expect(rightNames(Right.PASS_READ | Right.IMAGE_MANAGE)).toEqual(['PASS_READ', 'IMAGE_MANAGE']);
  });

  it('answers the console areas as spec section 6 says', () => {
    const products = { isAdmin: false, projects: { [A]: Right.TICKET_PRODUCT_MANAGE } };
    expect(access.ticketProducts(products)).toBe(false);
    expect(
      access.ticketProducts({
        isAdmin: false,
        projects: { [A]: Right.TICKET_PRODUCT_MANAGE, [B]: Right.TICKET_ESHOP_READ },
      }),
    ).toBe(true);
    expect(access.imagesMenu({ isAdmin: false, projects: { [A]: Right.TEMPLATE_DELETE } })).toBe(true);
    expect(access.manageImages({ isAdmin: false, projects: { [A]: Right.TEMPLATE_DELETE } })).toBe(false);
    expect(access.certificates(member)).toBe(false);
    expect(access.passMenu({ isAdmin: false, projects: { [A]: Right.TEMPLATE_READ } })).toBe(true);
    expect(access.identityProjects({ isAdmin: false, projects: { [A]: Right.USER_UPDATE } })).toBe(true);
    expect(access.identityUsers({ isAdmin: false, projects: { [A]: Right.PROJECT_UPDATE } })).toBe(false);
  });
});
