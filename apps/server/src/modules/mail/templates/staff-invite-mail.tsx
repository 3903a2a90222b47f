import { Text } from '@react-email/components';
import { render } from '@react-email/render';
import type { Locale } from '@shop/contracts/locale';
import { mailPlainText } from './mail-format.ts';
import { frameOf, MailLayout } from './mail-layout.tsx';
import type { MailBrand, RenderedMail } from './mail-message.ts';
import { ActionButton } from './mail-sections.tsx';
import * as styles from './mail-styles.ts';

const texts = {
  de: {
    greeting: 'Guten Tag,',
    signOff: 'Viele Grüße',
    team: (brand: string) => `Das Team von ${brand}`,
    footer: {
      questions: 'Fragen zum Zugang? Wenden Sie sich an den Betreiber.',
      email: 'E-Mail',
      phone: 'Telefon',
    },
    subject: (brand: string) => `Ihr Zugang zum Backoffice von ${brand}`,
    preview: 'Legen Sie Ihr Passwort fest, um das Backoffice zu nutzen.',
    heading: 'Zugang zum Backoffice',
    intro: (inviter: string, role: string) =>
      `${inviter} hat Ihnen einen Zugang zum Backoffice eingerichtet (Rolle: ${role}). Legen Sie mit diesem Button Ihr Passwort fest:`,
    button: 'Passwort festlegen',
    validity: (days: number) => `Der Link gilt ${days} Tage und nur einmal.`,
    roles: {
      operator: 'Betreiber',
      'brand-manager': 'Markenverantwortliche(r)',
      support: 'Kundenservice',
      hotel: 'Hotel (Rezeption)',
    },
  },
  en: {
    greeting: 'Hello,',
    signOff: 'Kind regards',
    team: (brand: string) => `The ${brand} team`,
    footer: { questions: 'Questions about your access? Ask the operator.', email: 'E-mail', phone: 'Phone' },
    subject: (brand: string) => `Your access to the ${brand} back office`,
    preview: 'Set your password to use the back office.',
    heading: 'Access to the back office',
    intro: (inviter: string, role: string) =>
      `${inviter} has given you access to the back office (role: ${role}). Set your password with this button:`,
    button: 'Set password',
    validity: (days: number) => `The link works for ${days} days, and once.`,
    roles: {
      operator: 'operator',
      'brand-manager': 'brand manager',
      support: 'customer service',
      hotel: 'hotel (front desk)',
    },
  },
  it: {
    greeting: 'Buongiorno,',
    signOff: 'Cordiali saluti',
    team: (brand: string) => `Il team di ${brand}`,
    footer: { questions: 'Domande sull’accesso? Rivolgersi al gestore.', email: 'E-mail', phone: 'Telefono' },
    subject: (brand: string) => `Il suo accesso al back office di ${brand}`,
    preview: 'Imposti la password per usare il back office.',
    heading: 'Accesso al back office',
    intro: (inviter: string, role: string) =>
      `${inviter} le ha creato un accesso al back office (ruolo: ${role}). Imposti la password con questo pulsante:`,
    button: 'Imposta la password',
    validity: (days: number) => `Il link vale ${days} giorni e una sola volta.`,
    roles: {
      operator: 'gestore',
      'brand-manager': 'responsabile del marchio',
      support: 'servizio clienti',
      hotel: 'hotel (reception)',
    },
  },
} as const;

export type StaffInviteMessage = {
  inviteUrl: string;
  inviter: string;
  role: keyof (typeof texts)['de']['roles'];
  validDays: number;
};

/** The invitation to the back office: who invited, the role, and the link that sets the password. */
export async function renderStaffInviteMail(
  message: StaffInviteMessage,
  brand: MailBrand,
  locale: Locale,
): Promise<RenderedMail> {
  if (!/^https?:/.test(message.inviteUrl))
    throw new Error('A staff invitation needs an absolute http(s) link');
  const t = texts[locale];
  const subject = t.subject(brand.name);
  const html = await render(
    <MailLayout
      brand={brand}
      locale={locale}
      subject={subject}
      preview={t.preview}
      heading={t.heading}
      customerName=""
      frame={frameOf(t, t.greeting, brand)}
    >
      <Text style={styles.paragraph}>{t.intro(message.inviter, t.roles[message.role])}</Text>
      <ActionButton brand={brand} href={message.inviteUrl} label={t.button} />
      <Text style={styles.paragraph}>{t.validity(message.validDays)}</Text>
    </MailLayout>,
  );
  return { subject, html, text: mailPlainText(html) };
}
