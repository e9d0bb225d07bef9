import type { ServerConfig } from './config.js';
import type { PageSchema } from '../shared/schema/types.js';
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

/** The loaded page schemas by id; a reload changes the map in place (schemas/reload.ts). */
export interface SchemaSet {
  pages: Map<string, PageSchema>;
}

/** Where verification codes go. A deployment with a real SMS provider supplies its own sender. */
export interface SmsSender {
  readonly provider: string;
  /** `about` names the organisation the message is for and its template, when known (blacklists are per organisation). */
  send(phone: string, content: string, about?: SmsAbout): Promise<void>;
}

export interface SmsAbout {
  partyCode?: string | null;
  template?: string;
  /** The sign the message goes out under (the organisation's, from customerConfig/sms). */
  signName?: string;
}

/**
 * The handles app.ts builds, which every layer is handed. `database` is declared by db/connect.ts and
 * merged in by TypeScript: its type is the typed tables of the layer above this file.
 */
export interface AppContext {
  config: ServerConfig;
  sms: SmsSender;
  schemas: SchemaSet;
}

// The request's language is declared by i18n/messages.ts, beside its type.
declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    user: SessionUser | null;
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
