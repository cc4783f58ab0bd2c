import { usersCalls } from '@dental/contract';
import type { FastifyInstance } from 'fastify';
import { checkAccess, registerCall } from '../../platform/calls.js';
import { changePassword, deleteFcmToken, saveFcmToken, setLanguage, setTheme, setToothNumbering, uploadPhoto } from './profile.service.js';
import {
  deleteUser,
  doctorsNames,
  getUser,
  isAvailable,
  registerUser,
  searchUsers,
  updateUser,
  updateUserBranches,
} from './users.service.js';
import { updateWorkingDays } from './working-days.service.js';

export function registerUsersRoutes(app: FastifyInstance) {
  const c = usersCalls;
  registerCall(app, c.register, ({ tx, session }, input) => registerUser(tx, session, input));
  registerCall(app, c.getUser, async ({ tx, session }, input) => {
    const id = input.UserId ?? session.userId;
    if (id !== session.userId) checkAccess(session, { permissions: ['user_list', 'user_edit'], tier: 'ST0' });
    return getUser(tx, session.clinicId, id);
  });
  registerCall(app, c.getUsersSearch, ({ tx, session }, input) => searchUsers(tx, session.clinicId, input));
  registerCall(app, c.checkUserName, ({ tx, session }, input) =>
    isAvailable(tx, session, 'userName', input.value, input.excludeUserId),
  );
  registerCall(app, c.checkMobile, ({ tx, session }, input) =>
    isAvailable(tx, session, 'mobile', input.value, input.excludeUserId),
  );
  registerCall(app, c.checkEmail, ({ tx, session }, input) =>
    isAvailable(tx, session, 'email', input.value, input.excludeUserId),
  );
  registerCall(app, c.uploadImage, ({ tx, session, req, deps }) => uploadPhoto(tx, session, req, deps));
  registerCall(app, c.changePassword, ({ tx, session, deps }, input) =>
    changePassword(tx, session, deps.config, input),
  );
  registerCall(app, c.updateUser, ({ tx, session }, input) => updateUser(tx, session, input));
  registerCall(app, c.updateUserWorkingDays, ({ tx, session }, input) => updateWorkingDays(tx, session, input));
  registerCall(app, c.updateUserBranch, ({ tx, session }, input) => updateUserBranches(tx, session, input));
  registerCall(app, c.deleteUser, ({ tx, session }, input) => deleteUser(tx, session, input.id));
  registerCall(app, c.postFcmToken, ({ tx, session }, input) =>
    saveFcmToken(tx, session, input.fcmtoken, input.userId),
  );
  registerCall(app, c.authPostFcmToken, ({ tx, session }, input) =>
    saveFcmToken(tx, session, input.fcmtoken, input.userId),
  );
  registerCall(app, c.deleteFcmToken, ({ tx, session }, input) => deleteFcmToken(tx, session, input.fcmtoken));
  registerCall(app, c.updateUserLanguage, ({ tx, session }, input) => setLanguage(tx, session, input.language));
  registerCall(app, c.updateUserTheme, ({ tx, session }, input) => setTheme(tx, session, input.theme));
  registerCall(app, c.updateUserToothNumbering, ({ tx, session }, input) =>
    setToothNumbering(tx, session, input.toothNumberingSystem),
  );
  registerCall(app, c.getDoctorsNames, ({ tx, session }, input) => doctorsNames(tx, session.clinicId, input.branchId));
}
