import type { CSSProperties } from 'react';
import type { MailBrand } from './mail-message.ts';

const fontFamily = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const ink = '#1f2937';
const muted = '#6b7280';

export const page: CSSProperties = { backgroundColor: '#f3f4f6', fontFamily, margin: 0, padding: '16px 8px' };
export const card: CSSProperties = { backgroundColor: '#ffffff', borderRadius: '8px', overflow: 'hidden' };
export const header: CSSProperties = { padding: '20px 24px' };
export const brandName: CSSProperties = { fontSize: '22px', lineHeight: '28px', fontWeight: 700, margin: 0 };
export const content: CSSProperties = { padding: '8px 24px 16px' };
export const heading: CSSProperties = { fontSize: '24px', lineHeight: '32px', color: ink, margin: '16px 0' };
export const subheading: CSSProperties = {
  fontSize: '18px',
  lineHeight: '26px',
  color: ink,
  margin: '24px 0 8px',
};
export const paragraph: CSSProperties = {
  fontSize: '16px',
  lineHeight: '24px',
  color: ink,
  margin: '0 0 16px',
};
export const detail: CSSProperties = { ...paragraph, margin: '0 0 4px' };
export const cell: CSSProperties = { fontSize: '16px', lineHeight: '24px', color: ink, padding: '4px 0' };
export const amountCell: CSSProperties = {
  ...cell,
  textAlign: 'right',
  whiteSpace: 'nowrap',
  paddingLeft: '16px',
};
/** A voucher line's second line: the hotel. */
export const cellNote: CSSProperties = { fontSize: '14px', lineHeight: '20px', color: muted };
export const summary: CSSProperties = { marginBottom: '24px' };
export const totalRow: CSSProperties = { borderTop: `1px solid #e5e7eb`, fontWeight: 700 };
export const panel: CSSProperties = {
  backgroundColor: '#f9fafb',
  borderRadius: '8px',
  padding: '0 16px 12px',
};
export const panelHeading: CSSProperties = { ...subheading, paddingTop: '16px', marginTop: 0 };
export const buttonBox: CSSProperties = { margin: '8px 0 24px' };
export const button: CSSProperties = {
  fontSize: '16px',
  fontWeight: 700,
  borderRadius: '6px',
  padding: '12px 24px',
};
// Darker than mail clients' default blue, so small link text keeps a 4.5:1 contrast on white.
export const link: CSSProperties = { color: '#1d4ed8', textDecorationLine: 'underline' };
export const footer: CSSProperties = { padding: '0 24px 16px' };
export const footerText: CSSProperties = {
  fontSize: '13px',
  lineHeight: '20px',
  color: muted,
  margin: '0 0 4px',
};
export const divider: CSSProperties = { borderTop: '1px solid #e5e7eb', margin: '8px 0 16px' };

const hexColour = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const fallbackColours = { primary: '#1f2937', primaryContrast: '#ffffff' };

/**
 * The brand's colours go into style attributes: anything but a plain hex colour could smuggle in
 * further CSS, so such a brand falls back to neutral colours rather than to broken styling.
 */
export function brandColours(brand: MailBrand): MailBrand['colors'] {
  const { primary, primaryContrast } = brand.colors;
  return hexColour.test(primary) && hexColour.test(primaryContrast)
    ? { primary, primaryContrast }
    : fallbackColours;
}
