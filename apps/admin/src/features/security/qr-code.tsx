import { useEffect, useState } from 'react';

/**
 * The otpauth URI as a QR code: an SVG drawn in the browser (the secret never leaves it for a QR
 * service) and shown as a data: image, which the admin's CSP allows (`img-src 'self' data:`). The
 * qrcode library is fetched with this screen only.
 */
export function QrCode({ uri, alt }: { uri: string; alt: string }) {
  const [source, setSource] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    void import('qrcode').then(async (qrcode) => {
      const svg = await qrcode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
      if (isCurrent) setSource(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      isCurrent = false;
    };
  }, [uri]);
  return source ? (
    <img className="qr-code" src={source} alt={alt} width={200} height={200} />
  ) : (
    <div className="qr-code" />
  );
}
