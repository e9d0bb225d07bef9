import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';

/**
 * crypto.scrypt runs on libuv's thread pool, so a 128 MiB hash never blocks the event loop. At most
 * cores - 1 hashes run at once: a burst of sign-ins then queues instead of starving every other
 * request of CPU and memory.
 */
const MAX_PARALLEL = Math.max(1, availableParallelism() - 1);
let running = 0;
const waiting: (() => void)[] = [];

async function acquire(): Promise<void> {
  if (running < MAX_PARALLEL) {
    running++;
    return;
  }
  await new Promise<void>((resolve) => waiting.push(resolve));
}

/** A finished hash hands its slot straight to the next one waiting. */
function release() {
  const next = waiting.shift();
  if (next) next();
  else running--;
}

function scryptNow(password: string, salt: Buffer, keylen: number, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCb(password, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

async function scrypt(password: string, salt: Buffer, keylen: number, opts: ScryptOptions): Promise<Buffer> {
  await acquire();
  try {
    return await scryptNow(password, salt, keylen, opts);
  } finally {
    release();
  }
}

const KEY_LENGTH = 32;
const R = 8;
const P = 1;

function options(logN: number): ScryptOptions {
  const N = 2 ** logN;
  return { N, r: R, p: P, maxmem: 256 * N * R + 1024 * 1024 };
}

/**
 * Stored as scrypt$logN$r$p$salt$hash so the cost can rise without invalidating old hashes.
 * `beforeServing`: hashes made while the server starts (the demo accounts) use every core, as
 * there are no requests yet to keep a core free for.
 */
export async function hashPassword(password: string, logN: number, beforeServing = false): Promise<string> {
  const salt = randomBytes(16);
  const key = await (beforeServing ? scryptNow : scrypt)(password, salt, KEY_LENGTH, options(logN));
  return ['scrypt', logN, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const logN = Number(parts[1]);
  if (!Number.isInteger(logN) || logN < 1 || logN > 20) return false;
  const expected = Buffer.from(parts[5], 'base64');
  const key = await scrypt(password, Buffer.from(parts[4], 'base64'), expected.length, options(logN));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * What an unknown user's password is checked against, so that a sign-in for a name that does not
 * exist costs what one for a real account does: the same scrypt parameters as the hashes the
 * server writes (a fixed cost would tell the two apart as soon as the setting differs from it).
 * No password matches it: the key of all zero bytes is not what scrypt gives for any input.
 */
export function placeholderHash(logN: number): string {
  return ['scrypt', logN, R, P, Buffer.alloc(16).toString('base64'), Buffer.alloc(KEY_LENGTH).toString('base64')].join('$');
}
