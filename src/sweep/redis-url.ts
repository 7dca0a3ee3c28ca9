// The address of a sweep's Redis: given with --queue or, kept out of the process list, in HOUSERULES_REDIS_URL;
// read into ioredis options (redis:// plain, rediss:// over TLS); and shown in messages with its password masked.
// Loaded without BullMQ, so that a bad address is said before anything else is.
import { isIP } from "node:net";
import type { RedisOptions } from "bullmq";

/** The environment variable a queue's address may be given in, instead of --queue (which `ps` shows). */
export const redisUrlVariable = "HOUSERULES_REDIS_URL";

export class QueueError extends Error {}

/** The queue's address: --queue when given, else the environment's; undefined when neither is. */
export function queueUrl(flag: unknown, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (typeof flag === "string") return flag;
  const value = env[redisUrlVariable];
  return value ? value : undefined;
}

/** Text with the password of every address in it replaced by ***: what a message may print. */
export function masked(text: string): string {
  return text.replace(/(\/\/[^/@\s:]*:)[^@\s]*@/g, "$1***@");
}

/** redis://[user:password@]host:port[/db], or rediss:// for TLS, as ioredis options. */
export function redisOptions(url: string): RedisOptions {
  const bad = () => new QueueError(`--queue takes redis://HOST:PORT, not '${masked(url)}' (rediss://HOST:PORT for TLS)`);
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw bad();
  }
  if ((u.protocol !== "redis:" && u.protocol !== "rediss:") || !u.hostname) throw bad();
  const db = u.pathname.length > 1 ? Number(u.pathname.slice(1)) : 0;
  if (!Number.isInteger(db) || db < 0 || db > 15) throw new QueueError(`--queue ${masked(url)}: the database is a number from 0 to 15`);
  return {
    host: u.hostname, port: u.port ? Number(u.port) : 6379, db,
    ...(u.username ? { username: decodeURIComponent(u.username) } : {}),
    ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
    // rediss://: TLS, the server's certificate checked against its name (an address by IP is checked as an IP)
    ...(u.protocol === "rediss:" ? { tls: isIP(u.hostname) ? {} : { servername: u.hostname } } : {}),
    maxRetriesPerRequest: null,
  };
}

/** HOST:PORT of an address, for messages that need no more of it. */
export function hostPort(url: string): string {
  const o = redisOptions(url);
  return `${o.host}:${o.port}`;
}

/**
 * Why Redis refused a connection, in words, from the error it gave: a password refused (WRONGPASS), or one
 * asked for and not given (NOAUTH), is not a Redis that cannot be reached. Null for any other error.
 */
export function authProblem(url: string, error: Error): string | null {
  const text = error.message;
  if (/WRONGPASS|invalid password|invalid username-password/i.test(text)) return `redis at ${hostPort(url)} refused the password (WRONGPASS): check the password in the address`;
  if (/NOAUTH/.test(text)) return `redis at ${hostPort(url)} asks for a password (NOAUTH): give it in the address, redis://:PASSWORD@${hostPort(url)}, or in ${redisUrlVariable}`;
  return null;
}
