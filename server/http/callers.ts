import type { StaffRole } from '../../src/contract/call';

/** Who makes a customer's call: the session its token names, as `authenticate` (server/auth) finds it. */
export interface AuthContext {
  userId: number;
  sessionId: string;
  isStranger: boolean;
  /** Hash of the Secret the request presented. */
  secretHash: string;
  /** 'refresh' only: the Secret a rotation from the presented one leads to, and whether that rotation is done. */
  rotation?: { next: string; done: boolean };
}

/** Who makes a staff call: a member in a session, or a system with its API key (`sessionId` then names the key). */
export interface StaffAuth {
  staffId: number;
  sessionId: string;
  role: StaffRole;
  via: 'session' | 'apiKey';
}

/**
 * The checks a call passes before its handler, as the signing-in areas (auth, staff) make them. The gateway's
 * assembly hands them over on the context, so http, which every area registers its calls with, imports neither.
 */
export interface CallGuards<Context> {
  authenticate(ctx: Context, header: string | undefined, mode: 'user' | 'refresh'): Promise<AuthContext>;
  authenticateStaff(ctx: Context, header: string | undefined, roles?: readonly StaffRole[]): Promise<StaffAuth>;
  requireOperator(ctx: Context, header: string | undefined): Promise<null>;
  enforceRateLimit(ctx: Context, call: string, key: string, ip: string): Promise<void>;
}
