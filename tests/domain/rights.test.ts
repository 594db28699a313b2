import { access } from '../../domain/consoleAreas';
import { templateResource } from '../../domain/schemas/template';
import {
  ALL_RIGHTS,
  Right,
  can,
  canAnywhere,
  holdsOn,
  holdsSomewhere,
  isValidRightsMask,
  projectsHolding,
  projectsWith,
  rightNames,
  rowRights,
  ruleInWords,
  type RightsRule,
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
    expect(access.imagesMenu({ isAdmin: false, projects: { [A]: Right.TEMPLATE_DELETE } })).toBe(true);
    expect(access.imagesMenu({ isAdmin: false, projects: { [A]: Right.PASS_READ } })).toBe(false);
    expect(access.certificates(member)).toBe(false);
    expect(access.certificates(admin)).toBe(true);
    expect(access.passMenu({ isAdmin: false, projects: { [A]: Right.TEMPLATE_READ } })).toBe(true);
    expect(access.passes(member)).toBe(true);
    expect(access.templates(member)).toBe(false);
  });
});

describe('rights rules', () => {
  const products: RightsRule = { allOf: ['TICKET_PRODUCT_MANAGE', 'TICKET_ESHOP_READ'] };
  const entryOrShop: RightsRule = { anyOf: ['TICKET_ESHOP_READ', 'TICKET_ENTRY'] };
  /** TICKET_PRODUCT_MANAGE on A, TICKET_ESHOP_READ on B: each right somewhere, never both on one project */
  const split = {
    isAdmin: false,
    projects: { [A]: Right.TICKET_PRODUCT_MANAGE, [B]: Right.TICKET_ESHOP_READ },
  };
  const both = {
    isAdmin: false,
    projects: { [A]: Right.TICKET_PRODUCT_MANAGE | Right.TICKET_ESHOP_READ, [B]: 0 },
  };
  const admin = { isAdmin: true, projects: {} };

  it('holds allOf only where every right is on the same project', () => {
    expect(holdsOn(split, products, A)).toBe(false);
    expect(holdsOn(split, products, B)).toBe(false);
    expect(holdsOn(both, products, A)).toBe(true);
    expect(holdsOn(both, products, B)).toBe(false);
  });

  it('holds anyOf where one of the rights is', () => {
    expect(holdsOn({ isAdmin: false, projects: { [A]: Right.TICKET_ENTRY } }, entryOrShop, A)).toBe(true);
    expect(holdsOn({ isAdmin: false, projects: { [A]: Right.TICKET_ENTRY } }, entryOrShop, B)).toBe(false);
    expect(holdsOn({ isAdmin: false, projects: { [A]: Right.PASS_READ } }, entryOrShop, A)).toBe(false);
  });

  it('holds member on every project of the viewer, whatever the rights, and on no other', () => {
    expect(holdsOn(both, { member: true }, B)).toBe(true);
    expect(holdsOn(both, { member: true }, '00000000-0000-4000-8000-00000000000c')).toBe(false);
  });

  it('holds admin for administrators only, every rule but nobody for them, nothing without a project', () => {
    expect(holdsOn(both, { admin: true }, A)).toBe(false);
    expect(holdsOn(admin, { admin: true }, A)).toBe(true);
    expect(holdsOn(admin, products, undefined)).toBe(true);
    expect(holdsOn(admin, { nobody: 'Made by the checkout.' }, A)).toBe(false);
    expect(holdsOn(both, products, null)).toBe(false);
  });

  it('lists the projects where a rule holds', () => {
    expect(projectsHolding(split, products)).toEqual([]);
    expect(projectsHolding(both, products)).toEqual([A]);
    expect(projectsHolding(both, { member: true }).sort()).toEqual([A, B]);
    expect(projectsHolding(split, entryOrShop)).toEqual([B]);
  });

  it('counts a rule somewhere only where it holds on one project', () => {
    expect(holdsSomewhere(split, products)).toBe(false);
    expect(holdsSomewhere(both, products)).toBe(true);
    expect(holdsSomewhere(admin, products)).toBe(true);
    expect(holdsSomewhere(admin, { nobody: 'Made by the checkout.' })).toBe(false);
    expect(holdsSomewhere({ isAdmin: false, projects: {} }, { member: true })).toBe(false);
  });

  it('says a rule in words for messages', () => {
    expect(ruleInWords({ anyOf: ['PASS_UPDATE'] })).toBe('the PASS_UPDATE right');
    expect(ruleInWords(products)).toBe('the TICKET_PRODUCT_MANAGE and TICKET_ESHOP_READ rights');
    expect(ruleInWords({ anyOf: ['IMAGE_MANAGE', 'TEMPLATE_READ', 'TEMPLATE_UPDATE'] })).toBe(
      'the IMAGE_MANAGE, TEMPLATE_READ or TEMPLATE_UPDATE rights',
    );
    expect(ruleInWords({ admin: true })).toBe('administrator rights');
    expect(ruleInWords({ member: true })).toBe('membership');
    expect(ruleInWords({ nobody: 'Orders are created by the checkout of their e-shop.' })).toBe(
      'Orders are created by the checkout of their e-shop.',
    );
  });

  it("gives a row's rights on its project by the resource's declared rules", () => {
    const editor = { isAdmin: false, projects: { [A]: Right.TEMPLATE_READ | Right.TEMPLATE_UPDATE } };
    expect(rowRights(editor, templateResource.access, A)).toEqual({
      create: false,
      update: true,
      delete: false,
      isAdmin: false,
    });
    expect(rowRights(editor, templateResource.access, B).update).toBe(false);
    expect(rowRights(editor, templateResource.access, undefined).update).toBe(false);
    expect(rowRights({ isAdmin: true, projects: {} }, templateResource.access, undefined)).toEqual({
      create: true,
      update: true,
      delete: true,
      isAdmin: true,
    });
    expect(rowRights(null, templateResource.access, A).update).toBe(false);
  });
});
