import { type KeyObject, verify, X509Certificate } from 'node:crypto';
import { TtlCache } from '#src/lib/cache.ts';
import { ProviderUnavailableError } from '../payment-provider.ts';
import { type Fetch, field } from '../provider-http.ts';

/**
 * Amazon Pay delivers IPNs as Amazon SNS HTTP(S) notifications. Their signature is checked as the SNS
 * developer guide describes ("Verifying the signatures of Amazon SNS messages"): the certificate must
 * come from an SNS host over https, and it signs the documented string of the message's fields.
 */
export type SnsNotification = {
  Type: 'Notification';
  MessageId: string;
  TopicArn: string;
  Subject?: string;
  Message: string;
  Timestamp: string;
  SignatureVersion: '1' | '2';
  Signature: string;
  SigningCertURL: string;
};

/** Only certificates served by SNS itself, e.g. https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-….pem. */
export function isSnsCertificateUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    url.protocol === 'https:' &&
    url.port === '' &&
    url.username === '' &&
    url.password === '' &&
    /^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/.test(url.hostname) &&
    url.pathname.endsWith('.pem')
  );
}

/** The fields SNS signs for a Notification, in the documented order, each as "Name\nvalue\n". */
export function snsStringToSign(
  message: Omit<SnsNotification, 'Signature' | 'SigningCertURL' | 'SignatureVersion'>,
) {
  const entries: [string, string | undefined][] = [
    ['Message', message.Message],
    ['MessageId', message.MessageId],
    ['Subject', message.Subject],
    ['Timestamp', message.Timestamp],
    ['TopicArn', message.TopicArn],
    ['Type', message.Type],
  ];
  return entries
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}\n${value}\n`)
    .join('');
}

export function parseSnsNotification(rawBody: string): SnsNotification | null {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return null;
  }
  const text = (name: string) =>
    typeof field(body, name) === 'string' ? (field(body, name) as string) : undefined;
  const required = ['Type', 'MessageId', 'TopicArn', 'Message', 'Timestamp', 'Signature', 'SigningCertURL'];
  if (required.some((name) => text(name) === undefined)) return null;
  // Subscription confirmations are handled in Seller Central, never by the shop.
  if (text('Type') !== 'Notification') return null;
  const version = text('SignatureVersion');
  if (version !== '1' && version !== '2') return null;
  const subject = text('Subject');
  return {
    Type: 'Notification',
    MessageId: text('MessageId')!,
    TopicArn: text('TopicArn')!,
    ...(subject !== undefined ? { Subject: subject } : {}),
    Message: text('Message')!,
    Timestamp: text('Timestamp')!,
    SignatureVersion: version,
    Signature: text('Signature')!,
    SigningCertURL: text('SigningCertURL')!,
  };
}

class UntrustedCertificate extends Error {}

export type SnsVerifier = (notification: SnsNotification) => Promise<boolean>;

/**
 * Verifies SNS signatures; signing certificates are fetched once per URL and kept for a day. Answers
 * false for anything forged or malformed, throws ProviderUnavailableError when SNS cannot be reached.
 */
export function createSnsVerifier(options: { fetch: Fetch; timeoutMs: number }): SnsVerifier {
  const certificates = new TtlCache<KeyObject>(24 * 60 * 60 * 1000, 50);

  async function loadPublicKey(url: string): Promise<KeyObject> {
    let pem: string;
    try {
      const response = await options.fetch(url, { signal: AbortSignal.timeout(options.timeoutMs) });
      if (response.status >= 500) throw new Error(`answered ${response.status}`);
      if (!response.ok) throw new UntrustedCertificate(`SNS certificate ${url} answered ${response.status}`);
      pem = await response.text();
    } catch (error) {
      if (error instanceof UntrustedCertificate) throw error;
      // Not knowing the certificate is not a forgery: the caller answers 503 and SNS delivers again.
      throw new ProviderUnavailableError(`SNS certificate ${url} could not be loaded`, { cause: error });
    }
    let certificate: X509Certificate;
    try {
      certificate = new X509Certificate(pem);
    } catch (error) {
      throw new UntrustedCertificate(`SNS certificate ${url} does not parse`, { cause: error });
    }
    const now = Date.now();
    if (Date.parse(certificate.validFrom) > now || Date.parse(certificate.validTo) < now) {
      throw new UntrustedCertificate(`SNS certificate ${url} is not valid now`);
    }
    return certificate.publicKey;
  }

  return async (notification) => {
    if (!isSnsCertificateUrl(notification.SigningCertURL)) return false;
    let publicKey: KeyObject;
    try {
      publicKey = await certificates.get(notification.SigningCertURL, () =>
        loadPublicKey(notification.SigningCertURL),
      );
    } catch (error) {
      if (error instanceof UntrustedCertificate) return false;
      throw error;
    }
    const algorithm = notification.SignatureVersion === '1' ? 'sha1' : 'sha256';
    try {
      return verify(
        algorithm,
        Buffer.from(snsStringToSign(notification), 'utf8'),
        publicKey,
        Buffer.from(notification.Signature, 'base64'),
      );
    } catch {
      return false;
    }
  };
}
