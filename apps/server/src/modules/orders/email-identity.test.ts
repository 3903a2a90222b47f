import { describe, expect, it } from 'vitest';
import { emailIdentity } from './email-identity.ts';

describe('one person, one address', () => {
  it('ignores case and surrounding spaces', () => {
    expect(emailIdentity('  Anna.Huber@Example.COM ')).toBe('anna.huber@example.com');
  });

  it('drops a +tag on every domain (Gmail, Outlook, iCloud, company domains alike)', () => {
    expect(emailIdentity('anna+welcome@example.com')).toBe('anna@example.com');
    expect(emailIdentity('anna+1+2@outlook.com')).toBe('anna@outlook.com');
    // A local part that is only a tag is kept as typed: there is nothing before the tag.
    expect(emailIdentity('+tag@example.com')).toBe('+tag@example.com');
  });

  it('drops dots at gmail.com and googlemail.com only, which are the same mailboxes', () => {
    expect(emailIdentity('A.n.N.a.Huber+x@googlemail.com')).toBe('annahuber@gmail.com');
    expect(emailIdentity('annahuber@gmail.com')).toBe('annahuber@gmail.com');
    // Elsewhere a dot tells two people apart (GMX, web.de, company domains).
    expect(emailIdentity('anna.huber@gmx.de')).not.toBe(emailIdentity('annahuber@gmx.de'));
  });

  it('leaves what is not an address as it is, lower-cased', () => {
    expect(emailIdentity('')).toBe('');
    expect(emailIdentity('Nobody')).toBe('nobody');
  });
});
