import type { ServerConfig } from './config.js';
import type { Database } from './db/connect.js';
import type { Language } from './i18n/messages.js';
import type { SmsSender } from './sms/sender.js';
import type { SchemaSet } from './schemas/load.js';
import type { FastifyRequest } from 'fastify';
import { tokenInvalid } from './errors.js';

export interface SessionUser {
  sessionId: number;
  userId: number;
  username: string;
  realName: string | null;
  partyCode: string;
  /** Platform staff see every organisation's rows; customer users only their own. */
  partyKind: 'platform' | 'customer';
  activeRole: string;
  roles: string[];
  isAdmin: boolean;
}

export interface AppContext {
  config: ServerConfig;
  database: Database;
  sms: SmsSender;
  schemas: SchemaSet;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    lang: Language;
  }
}

export const ADMIN_ROLES = ['SUPER_ADMIN', 'PLAT_ADMIN'];

export function nowIso(): string {
  return new Date().toISOString();
}

/** The signed-in user of a request, or a 401 (the auth plugin fills `req.user`). */
export function requireUser(req: FastifyRequest): SessionUser {
  if (!req.user) throw tokenInvalid();
  return req.user;
}
