import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { chooseEncoding } from './content-encoding.ts';

const contentTypes: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json; charset=utf-8',
  // The hotel desk's QR decoder: browsers compile it while it streams in only with this type.
  '.wasm': 'application/wasm',
};

export const immutableCache = 'public, max-age=31536000, immutable';
export const shortCache = 'public, max-age=3600';

/**
 * The absolute path of `relativePath` inside `root`, or null when it would leave `root`
 * (`..`, encoded slashes) or names a hidden file.
 */
export function resolveInside(root: string, relativePath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(relativePath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.split('/').some((part) => part.startsWith('.'))) return null;
  const absolute = path.resolve(root, `.${path.posix.sep}${decoded}`);
  return absolute.startsWith(root + path.sep) ? absolute : null;
}

/** Streams a file when it exists; answers false (nothing sent) when it does not. */
export async function sendFile(
  reply: FastifyReply,
  absolutePath: string,
  cacheControl: string,
): Promise<boolean> {
  const info = await stat(absolutePath).catch(() => null);
  if (!info?.isFile()) return false;
  reply.type(contentTypes[path.extname(absolutePath).toLowerCase()] ?? 'application/octet-stream');
  // The build writes .br/.gz beside each compressible file (scripts/precompress.mjs).
  const encoding = chooseEncoding(reply.request.headers['accept-encoding']);
  const precompressed =
    encoding && (await stat(`${absolutePath}.${encoding === 'br' ? 'br' : 'gz'}`).catch(() => null));
  if (encoding && precompressed?.isFile()) {
    reply.header('content-encoding', encoding).header('vary', 'Accept-Encoding');
    absolutePath = `${absolutePath}.${encoding === 'br' ? 'br' : 'gz'}`;
    return streamFile(reply, absolutePath, precompressed.size, info.mtime, cacheControl);
  }
  return streamFile(reply, absolutePath, info.size, info.mtime, cacheControl);
}

async function streamFile(
  reply: FastifyReply,
  absolutePath: string,
  size: number,
  modified: Date,
  cacheControl: string,
): Promise<boolean> {
  reply
    .header('content-length', size)
    .header('last-modified', modified.toUTCString())
    .header('cache-control', cacheControl);
  if (reply.request.method === 'HEAD') {
    await reply.send();
  } else {
    await reply.send(createReadStream(absolutePath));
  }
  return true;
}
