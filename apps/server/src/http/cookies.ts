/**
 * One cookie's value, undecoded: our cookies hold only URL-safe characters (a locale code, a session
 * credential), and a malformed one (`%E0%A4%A`) simply matches nothing. Read by the two callers that need a
 * cookie (the storefront's language, the refresh call) rather than by a cookie plugin whose hooks would
 * run on every API call.
 */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name)
      return pair
        .slice(at + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1');
  }
  return undefined;
}
