import { AppError } from '../errors.js';
import { revokeSession as endSession } from '../services/sessions.js';
import type { ActionHandler } from './types.js';

/** Ends a sign-in session at once (force logout). */
export const revokeSession: ActionHandler = async (ctx, access, record) => {
  if (Number(record!.id) === access.user.sessionId) throw new AppError(409, 'server.actions.ownSession');
  if (record!.revokedAt) throw new AppError(409, 'server.actions.alreadyRevoked');
  await endSession(ctx, Number(record!.id));
  return { revoked: true };
};
