import { Right, can, rightNames } from '../../../domain/rights';
import { isSecurePassword, passwordMessages } from '../../../domain/password';
import { UserSchema, userResource, type User, type Viewer } from '../../../domain/schemas/user';
import type { AppContext } from '../../kernel/appContext';
import { hashPassword, verifyPassword } from '../../kernel/auth/passwords';
import { entityOfRow } from '../../kernel/engine/rowValues';
import { projectResource } from '../../../domain/schemas/project';
import { recordChange } from '../../kernel/engine/auditTrail';
import { HttpError, badRequest, forbidden, notFound } from '../../kernel/http/errors';
import { mustBeRightsMask, recordRightsChange } from './projectRightsChange';
import { projectUserRepository } from './projectUserRepository';
import { projectRepository } from './projectRepository';
import { sessionRepository } from './sessionRepository';
import { userRepository } from './userRepository';
import { accountOfEmail, limitedPasswordCheck } from './authService';

const CZECH_CURRENT_EMPTY = 'Současné heslo nesmí být prázdné.';

const PASSWORD_CHANGE_LIMITED = (seconds: number) => ({
  en: `Too many wrong passwords. Try again in ${seconds} seconds.`,
  cs: `Příliš mnoho chybných hesel. Zkuste to znovu za ${seconds} s.`,
});

/**
 * Changes the viewer's password. The current password is checked under the same guessing limits as sign-in (one
 * count per account and address for both), so a stolen session cannot be used to guess it.
 */
export async function changePassword(
  context: AppContext,
  viewer: Viewer,
  session: { id: string; address: string },
  currentPassword: string,
  newPassword: string,
): Promise<void> {
  if (viewer.apiClient)
    throw forbidden({
      en: 'An API client has no password: its secret is its own, changed by creating another client.',
      cs: 'API klient nemá heslo: jeho tajný klíč je jeho vlastní a mění se vytvořením jiného klienta.',
    });
  if (!currentPassword)
    throw badRequest({ en: passwordMessages.currentEmpty, cs: CZECH_CURRENT_EMPTY }, [
      { path: 'currentPassword', message: passwordMessages.currentEmpty, cs: CZECH_CURRENT_EMPTY },
    ]);
  let oldHash: string | undefined;
  const valid = await limitedPasswordCheck(
    context,
    accountOfEmail(viewer.email),
    session.address,
    async () => {
      const user = await userRepository.findLiveById(context.db, viewer.id);
      oldHash = user?.passwordHash;
      return user ? verifyPassword(user.passwordHash, currentPassword) : false;
    },
    PASSWORD_CHANGE_LIMITED,
  );
  if (!valid || !isSecurePassword(newPassword))
    throw badRequest({
      en: passwordMessages.notSecure,
      cs: 'Vaše současné heslo není platné nebo nové heslo není dostatečně bezpečné...',
    });
  const newHash = await hashPassword(newPassword);
  await context.db.transaction().execute(async (trx) => {
    await userRepository.setPasswordHash(trx, viewer.id, newHash);
    // the trail says that the password changed; the secret guard keeps the hashes out of it
    await recordChange({ ...context, db: trx }, viewer, {
      resource: userResource.name,
      action: 'update',
      before: { id: viewer.id, passwordHash: oldHash },
      after: { id: viewer.id, passwordHash: newHash },
    });
  });
  // Other devices signed in with the old password are signed out.
  await sessionRepository.revokeAllOfUser(context.db, viewer.id, session.id);
  context.viewers.forgetUser(viewer.id);
}

/** Finds a user by e-mail, for adding them to a project; needs USER_UPDATE somewhere. */
export async function findUserByEmail(context: AppContext, viewer: Viewer, email: string): Promise<User> {
  if (!viewer.isAdmin && !Object.values(viewer.projects).some((mask) => (mask & Right.USER_UPDATE) !== 0))
    throw forbidden({
      en: 'Finding users needs the USER_UPDATE right.',
      cs: 'Vyhledávání uživatelů vyžaduje právo USER_UPDATE.',
    });
  const user = await userRepository.findLiveByEmail(context.db, email);
  if (!user)
    throw new HttpError(404, {
      en: `User with email: ${email} was not found.`,
      cs: `Uživatel s e-mailem ${email} nebyl nalezen.`,
    });
  return entityOfRow(UserSchema, user) as User;
}

/**
 * Sets (a number) or removes (null) a user's rights on a project. Needs USER_UPDATE on that project; nobody but an
 * admin changes their own rights, and a non-admin grants only rights they hold there themselves.
 */
export async function setProjectRights(
  context: AppContext,
  viewer: Viewer,
  projectId: string,
  userId: string,
  accessRights: number | null,
): Promise<number | null> {
  if (
    !can(viewer, Right.PROJECT_ACCESS, projectId) ||
    !(await projectRepository.isLive(context.db, projectId))
  )
    throw notFound('Project');
  if (!can(viewer, Right.USER_UPDATE, projectId))
    throw forbidden({
      en: 'Managing users on this project needs the USER_UPDATE right on it.',
      cs: 'Správa uživatelů tohoto projektu vyžaduje právo USER_UPDATE na něm.',
    });
  const user = await userRepository.findLiveById(context.db, userId);
  if (!user) throw notFound('User');
  if (userId === viewer.id && !viewer.isAdmin)
    throw forbidden({ en: 'You cannot change your own rights.', cs: 'Nemůžete měnit svá vlastní práva.' });
  mustBeRightsMask(accessRights);
  await context.db.transaction().execute(async (trx) => {
    const current = await projectUserRepository.find(trx, projectId, userId);
    if (!viewer.isAdmin) {
      const own = viewer.projects[projectId] ?? 0;
      const beyond = accessRights === null ? (current ?? 0) & ~own : (accessRights ^ (current ?? 0)) & ~own;
      if (beyond)
        throw forbidden(
          accessRights === null
            ? {
                en: `You can take away only rights you hold here; not ${rightNames(beyond).join(', ')}.`,
                cs: `Odebrat můžete jen práva, která zde máte sami; ne ${rightNames(beyond).join(', ')}.`,
              }
            : {
                en: `You can grant or take away only rights you hold here; not ${rightNames(beyond).join(', ')}.`,
                cs: `Udělit nebo odebrat můžete jen práva, která zde máte sami; ne ${rightNames(beyond).join(', ')}.`,
              },
        );
    }
    if (accessRights === null) await projectUserRepository.remove(trx, projectId, userId);
    else await projectUserRepository.set(trx, projectId, userId, accessRights);
    // a member's rights are the project's field users.{userId}, as the API names them
    const shownAs = { resource: projectResource.name, id: projectId, field: `users.${userId}` };
    await recordRightsChange({ ...context, db: trx }, viewer, shownAs, current, accessRights);
  });
  context.viewers.forgetUser(userId);
  return accessRights;
}
