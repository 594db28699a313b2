import { Right } from '../../domain/rights';
import { canAccessResource } from '../../src/auth/canAccessResource';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const holder = (projects: Record<string, number>) => ({ isAdmin: false, projects });

describe('canAccessResource answers from the declarations', () => {
  it('shows products only to whoever holds both ticket rights on one project', () => {
    const split = holder({ [A]: Right.TICKET_PRODUCT_MANAGE, [B]: Right.TICKET_ESHOP_READ });
    const both = holder({ [A]: Right.TICKET_PRODUCT_MANAGE | Right.TICKET_ESHOP_READ });
    expect(canAccessResource(split, 'ticket/ticketProduct', 'list')).toBe(false);
    expect(canAccessResource(both, 'ticket/ticketProduct', 'list')).toBe(true);
    expect(canAccessResource(both, 'ticket/ticketProduct', 'create', { projectId: A })).toBe(true);
    expect(canAccessResource(both, 'ticket/ticketProduct', 'create', { projectId: B })).toBe(false);
  });

  it('lets the gate staff (TICKET_ENTRY) list order items and change their entry count', () => {
    const entry = holder({ [A]: Right.TICKET_ENTRY });
    expect(canAccessResource(entry, 'ticket/ticketOrderItem', 'list')).toBe(true);
    expect(canAccessResource(entry, 'ticket/ticketOrderItem', 'update', { projectId: A })).toBe(true);
    expect(canAccessResource(entry, 'ticket/ticketOrderItem', 'delete', { projectId: A })).toBe(false);
  });

  it('lets TICKET_ESHOP_READ read e-shops, never save them', () => {
    const reader = holder({ [A]: Right.TICKET_ESHOP_READ });
    expect(canAccessResource(reader, 'ticket/ticketEshop', 'show', { projectId: A })).toBe(true);
    expect(canAccessResource(reader, 'ticket/ticketEshop', 'update', { projectId: A })).toBe(false);
    expect(canAccessResource({ isAdmin: true, projects: {} }, 'ticket/ticketEshop', 'update')).toBe(true);
  });

  it("asks the rule on the record's project, and for changes the read rule there too", () => {
    const split = holder({ [A]: Right.PASS_UPDATE, [B]: Right.PASS_READ });
    expect(canAccessResource(split, 'passes/pass', 'update', { projectId: A })).toBe(false);
    expect(canAccessResource(split, 'passes/pass', 'update')).toBe(false);
    expect(
      canAccessResource(holder({ [A]: Right.PASS_READ | Right.PASS_UPDATE }), 'passes/pass', 'update'),
    ).toBe(true);
  });

  it('creates a project under a parent where PROJECT_CREATE is held, not under another', () => {
    const creator = holder({ [A]: Right.PROJECT_CREATE, [B]: Right.PROJECT_ACCESS });
    expect(canAccessResource(creator, 'identity/project', 'create', { parentId: A })).toBe(true);
    expect(canAccessResource(creator, 'identity/project', 'create', { parentId: B })).toBe(false);
  });

  it('keeps the areas that are not resources, and denies unknown routes', () => {
    expect(canAccessResource(holder({ [A]: Right.PASS_READ }), 'report/links', 'list')).toBe(true);
    expect(
      canAccessResource(holder({ [A]: Right.TICKET_ACCOUNTING }), 'ticket/ticketAccounting', 'list'),
    ).toBe(true);
    expect(canAccessResource(holder({ [A]: Right.PASS_READ }), 'identity/audit', 'list')).toBe(false);
    expect(canAccessResource({ isAdmin: true, projects: {} }, 'unknown/thing', 'list')).toBe(false);
  });
});
