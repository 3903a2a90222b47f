import type { MailBrand } from './mail-message.ts';

/** The brand the template tests render for. */
export const testBrand: MailBrand = {
  name: 'Autoclub Reisewelt',
  logoUrl: null,
  colors: { primary: '#003366', primaryContrast: '#ffffff' },
  supportEmail: 'hilfe@autoclub.example',
  supportPhone: '+49 89 123 456-0',
  website: 'https://autoclub.example',
  seller: {
    name: 'Autoclub Reisewelt GmbH',
    street: 'Hansastraße 19',
    postcode: '80686',
    city: 'München',
    country: 'DE',
    vatId: 'DE812345671',
    taxNumber: null,
    register: 'HRB 123456, Amtsgericht München',
    managingDirectors: 'Dr. Petra Lang',
    email: 'hilfe@autoclub.example',
    phone: '+49 89 123 456-0',
  },
};

/** What a reader finds in the HTML once entities are decoded, as a mail client shows it. */
export function visibleHtml(html: string): string {
  return html.replaceAll('&amp;', '&').replaceAll('&#x27;', "'").replaceAll('&quot;', '"');
}
