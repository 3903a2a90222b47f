/**
 * The EPC QR code ("GiroCode", EPC069-12 version 002) that banking apps in Germany, Austria and Italy
 * scan to fill in a SEPA credit transfer: payee, IBAN, amount and reference, one field per line.
 */
import QRCode from 'qrcode';

export type EpcTransfer = {
  /** The beneficiary, at most 70 characters. */
  name: string;
  /** Spaces are dropped ("DE89 3704 …" is fine); the check digits must be right. */
  iban: string;
  /** Optional within the EEA since version 002. */
  bic: string | null;
  amountCents: number;
  /** Unstructured remittance information the buyer's bank passes on, at most 140 characters. */
  reference: string;
  /** An ISO 20022 purpose code of four capital letters, e.g. 'GDSV'. */
  purpose?: string;
};

/** The standard caps the whole payload at 331 bytes so the code stays scannable (version 13, level M). */
const maxPayloadBytes = 331;

export function epcPayload(transfer: EpcTransfer): string {
  const name = transfer.name.trim();
  const iban = transfer.iban.replace(/\s+/g, '').toUpperCase();
  const bic = transfer.bic?.replace(/\s+/g, '').toUpperCase() ?? '';
  const reference = transfer.reference.trim();
  const purpose = transfer.purpose ?? '';

  for (const [field, value] of Object.entries({ name, bic, reference, purpose })) {
    if (/[\r\n]/.test(value)) throw new Error(`EPC QR: ${field} must be a single line`);
  }
  if (name.length === 0 || name.length > 70) {
    throw new Error(`EPC QR: the beneficiary name must have 1 to 70 characters, got ${name.length}`);
  }
  if (!isValidIban(iban)) throw new Error(`EPC QR: "${transfer.iban}" is not a valid IBAN`);
  if (bic && !/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic)) {
    throw new Error(`EPC QR: "${transfer.bic}" is not a valid BIC`);
  }
  if (
    !Number.isSafeInteger(transfer.amountCents) ||
    transfer.amountCents < 1 ||
    transfer.amountCents > 99_999_999_999
  ) {
    throw new Error(`EPC QR: the amount must be 1 to 99999999999 whole cents, got ${transfer.amountCents}`);
  }
  if (reference.length === 0 || reference.length > 140) {
    throw new Error(`EPC QR: the reference must have 1 to 140 characters, got ${reference.length}`);
  }
  if (purpose && !/^[A-Z]{4}$/.test(purpose)) {
    throw new Error(`EPC QR: the purpose must be a code of four capital letters, got "${purpose}"`);
  }

  const euros = Math.trunc(transfer.amountCents / 100);
  const cents = String(transfer.amountCents % 100).padStart(2, '0');
  const payload = [
    'BCD', // service tag
    '002', // version
    '1', // character set: UTF-8
    'SCT', // SEPA credit transfer
    bic,
    name,
    iban,
    `EUR${euros}.${cents}`,
    purpose,
    '', // structured creditor reference (RF…): we send an unstructured one instead
    reference,
  ].join('\n');
  if (Buffer.byteLength(payload, 'utf8') > maxPayloadBytes) {
    throw new Error(`EPC QR: the payload exceeds ${maxPayloadBytes} bytes`);
  }
  return payload;
}

/** ISO 13616: two letters, two check digits, up to 30 letters and digits; mod 97 of the rearranged number is 1. */
function isValidIban(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const character of rearranged) {
    const digits = /\d/.test(character) ? character : String(character.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

// The standard requires error correction level M; 4 modules of quiet zone is the QR minimum.
const qrOptions = { errorCorrectionLevel: 'M', margin: 4 } as const;

export function epcQrSvg(payload: string): Promise<string> {
  return QRCode.toString(payload, { ...qrOptions, type: 'svg' });
}

/** A PNG for mail attachments: 8 pixels per module keeps it sharp when a mail client scales it. */
export function epcQrPng(payload: string): Promise<Buffer> {
  return QRCode.toBuffer(payload, { ...qrOptions, type: 'png', scale: 8 });
}
