import { projectsHolding } from '../../../domain/rights';
import { userResource, type Viewer } from '../../../domain/schemas/user';
import { hashPassword } from '../../kernel/auth/passwords';
import { badRequest, conflict, forbidden } from '../../kernel/http/errors';
import { userRepository } from './userRepository';
import { sessionRepository } from './sessionRepository';
import type { CallContext, ResourceDefinition, Row, WriteData } from '../../kernel/engine/resourceDefinition';
import { pick } from '../../kernel/engine/rowValues';

/** An e-mail change could hand over another person's account: only administrators make it. */
const ADMIN_ONLY_FIELDS = ['isAdmin', 'active', 'password', 'email'] as const;

async function checkEmailFree(call: CallContext, email: unknown, exceptId?: string): Promise<void> {
  if (typeof email !== 'string') return;
  const existing = await userRepository.findLiveByEmail(call.app.db, email);
  if (existing && existing.id !== exceptId)
    throw conflict({
      en: `A user with the e-mail ${email} already exists.`,
      cs: `Uživatel s e-mailem ${email} už existuje.`,
    });
}

/** The lock of writes that can remove an active administrator: they run one at a time (crudService). */
const ADMINISTRATORS_LOCK = 'user: active administrators';

const mayRemoveAnAdministrator = (data: WriteData | undefined) =>
  data === undefined || data.isAdmin === false || data.active === false;

/**
 * At least one active administrator remains after the row is demoted, deactivated or deleted. Read under
 * ADMINISTRATORS_LOCK, in the write's transaction: two such writes at once cannot both pass.
 */
async function keepAnActiveAdministrator(call: CallContext, row: Row): Promise<void> {
  if (row.isAdmin !== true || row.active !== true) return;
  if ((await userRepository.countOtherActiveAdmins(call.app.db, row.id)) > 0) return;
  throw badRequest(
    row.id === call.viewer.id
      ? {
          en: 'You are the last active administrator; you cannot remove that.',
          cs: 'Jste poslední aktivní administrátor; to nemůžete odebrat.',
        }
      : {
          en: 'At least one active administrator must remain.',
          cs: 'Musí zůstat alespoň jeden aktivní administrátor.',
        },
  );
}

/**
 * Users in a non-administrator's reach, who belong to no project: themselves, and the members of the projects
 * where they hold the read rule (USER_UPDATE).
 */
function readScope(viewer: Viewer) {
  const managed = projectsHolding(viewer, userResource.access.read);
  return userRepository.themselvesAndMembersOf(viewer.id, managed);
}

export const userDefinition: ResourceDefinition = {
  descriptor: userResource,
  readScope,
  writeLock: (data) => (mayRemoveAnAdministrator(data) ? ADMINISTRATORS_LOCK : undefined),
  async authorizeCreate(call, data) {
    await checkEmailFree(call, data.email);
  },
  async authorizeUpdate(call, row, data) {
    const { viewer } = call;
    if (!viewer.isAdmin) {
      if (row.id === viewer.id || row.isAdmin)
        throw forbidden({
          en: 'Only an administrator can edit this user.',
          cs: 'Tohoto uživatele může upravit jen administrátor.',
        });
      const same = (field: string) =>
        field === 'email'
          ? String(data.email).toLowerCase() === String(row.email).toLowerCase()
          : data[field] === row[field];
      const changed = ADMIN_ONLY_FIELDS.filter((field) => data[field] !== undefined && !same(field));
      if (changed.length)
        throw forbidden({
          en: `Only an administrator can change ${changed.join(', ')}.`,
          cs: `Pole ${changed.join(', ')} může měnit jen administrátor.`,
        });
    } else if (mayRemoveAnAdministrator(data)) {
      await keepAnActiveAdministrator(call, row);
    }
    await checkEmailFree(call, data.email, row.id);
  },
  async authorizeDelete(call, row) {
    if (row.id === call.viewer.id)
      throw badRequest({ en: 'You cannot delete yourself.', cs: 'Nemůžete smazat sami sebe.' });
    await keepAnActiveAdministrator(call, row);
  },
  async toInsert(_call, data: WriteData) {
    return {
      email: String(data.email),
      displayName: typeof data.displayName === 'string' ? data.displayName : '',
      isAdmin: data.isAdmin === true,
      active: data.active !== false,
      passwordHash: await hashPassword(String(data.password)),
    };
  },
  async toUpdate(call, row, data: WriteData) {
    const values = pick(data, ['displayName', 'email', 'isAdmin', 'active']);
    if (typeof data.password === 'string') {
      values.passwordHash = await hashPassword(data.password);
      // A re-passworded user's tokens stop working at once (afterWrite drops the cached viewer).
      await sessionRepository.revokeAllOfUser(call.app.db, row.id);
    }
    return values;
  },
  async afterWrite(call, row) {
    // A disabled, deleted or re-passworded user's tokens stop working at once.
    if (row.deletedAt || row.active === false) await sessionRepository.revokeAllOfUser(call.app.db, row.id);
    call.app.viewers.forgetUser(row.id);
  },
};
