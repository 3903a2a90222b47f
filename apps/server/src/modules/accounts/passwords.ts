import { type Algorithm, hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's first recommended setting (Password Storage Cheat Sheet): 19 MiB of memory,
 * 2 iterations, 1 lane. About 11 ms of one core per hash here (a sign-in costs the server about 20 ms in
 * all, bench/login.bench.ts); the work runs on libuv's thread pool, not on the event loop. The parameters are stored in each hash, so raising them
 * later only needs `needsRehash` at the next sign-in.
 */
export const passwordHashing = {
  // Algorithm.Argon2id: the package's enum is a const enum, which this project's isolated modules cannot read.
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, passwordHashing);
}

/**
 * A hash of a password nobody has, computed once: an unknown user name is checked against it so that it
 * costs the same time as a wrong password (no enumeration by timing).
 */
let decoy: Promise<string> | undefined;
function decoyHash(): Promise<string> {
  decoy ??= hashPassword(`decoy-${Math.random()}`);
  return decoy;
}

/** True when `password` matches `storedHash`; with no hash (no such account) the same work, then false. */
export async function checkPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash?.startsWith('$argon2')) {
    await verify(await decoyHash(), password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}

/** A hash made with weaker parameters than today's (to be replaced after a successful sign-in). */
export function needsRehash(storedHash: string): boolean {
  const match = /^\$argon2id\$v=\d+\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(storedHash);
  if (!match) return true;
  const [, memory, time, lanes] = match.map(Number);
  return (
    memory !== passwordHashing.memoryCost ||
    time !== passwordHashing.timeCost ||
    lanes !== passwordHashing.parallelism
  );
}
