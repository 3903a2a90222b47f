/** A JWT as the server signs it, for unit tests: the client only reads its payload (`id`, `sub`). */
export function jwt(id: string, sub: string, extra: Record<string, unknown> = {}): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ id, sub, ...extra })}.signature`;
}
