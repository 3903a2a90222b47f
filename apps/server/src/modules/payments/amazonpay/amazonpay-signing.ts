import { constants, createHash, createPrivateKey, type KeyObject, sign } from 'node:crypto';

/**
 * Amazon Pay API v2 request signing ("Signing requests" in the Amazon Pay API reference):
 *   canonical request = method \n path \n query \n (name:value \n)* \n signed-header-names \n hex(sha256(body))
 *   string to sign    = "AMZN-PAY-RSASSA-PSS-V2" \n hex(sha256(canonical request))
 *   signature         = base64(RSASSA-PSS(SHA-256, salt length 32, private key, string to sign))
 */
export const signatureAlgorithm = 'AMZN-PAY-RSASSA-PSS-V2';
export const signatureSaltLength = 32;

export type SignedRequest = {
  method: string;
  /** The URL path, already percent-encoded as sent (e.g. /v2/checkoutSessions). */
  path: string;
  /** The headers to sign, lower-case names; `authorization` is added from them. */
  headers: Record<string, string>;
  body: string;
};

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export function canonicalRequest(request: SignedRequest, signedHeaderNames: string[]): string {
  const headerLines = signedHeaderNames
    .map((name) => `${name}:${(request.headers[name] ?? '').trim()}\n`)
    .join('');
  return [
    request.method.toUpperCase(),
    request.path,
    // Amazon Pay calls carry no query strings.
    '',
    headerLines,
    signedHeaderNames.join(';'),
    sha256Hex(request.body),
  ].join('\n');
}

export function stringToSign(canonical: string): string {
  return `${signatureAlgorithm}\n${sha256Hex(canonical)}`;
}

/** The request's headers with `authorization` set; every header given is signed. */
export function signRequest(
  request: SignedRequest,
  credentials: { publicKeyId: string; privateKey: KeyObject | string },
): Record<string, string> {
  const headers = Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value]),
  );
  const names = Object.keys(headers).sort();
  const signature = sign(
    'sha256',
    Buffer.from(stringToSign(canonicalRequest({ ...request, headers }, names))),
    {
      key:
        typeof credentials.privateKey === 'string'
          ? createPrivateKey(credentials.privateKey)
          : credentials.privateKey,
      padding: constants.RSA_PKCS1_PSS_PADDING,
      saltLength: signatureSaltLength,
    },
  ).toString('base64');
  return {
    ...headers,
    authorization: `${signatureAlgorithm} PublicKeyId=${credentials.publicKeyId}, SignedHeaders=${names.join(';')}, Signature=${signature}`,
  };
}

/** 2019-09-23T23:19:08.123Z → 20190923T231908Z, the x-amz-pay-date format. */
export function amazonPayDate(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}
