import { describe, expect, it } from 'vitest';
import type { StaffListEntry } from './api/staff.ts';
import { changesOf, editForm, inviteForm } from './member-form.ts';

const invite = {
  email: 'Neu@Example.org',
  name: 'Nina Neu',
  role: 'support',
  brands: [],
  hotels: [],
  limit: '250',
};

const member: StaffListEntry = {
  id: '0b8f7a52-5d0a-4f6b-9d1f-2d6b9c1f0a11',
  email: 'nina@example.org',
  name: 'Nina Neu',
  role: 'support',
  brands: [{ id: 1, short: 'demo', name: 'Demo' }],
  hotels: [],
  totpEnabled: false,
  markPaidLimitCents: 25_000,
  disabled: false,
  invited: true,
  lastActiveAt: null,
};

describe('the staff forms as typed in', () => {
  it('reads the support limit in euros as integer cents, with a comma or a point', () => {
    expect(inviteForm.parse(invite)).toEqual({
      email: 'neu@example.org',
      name: 'Nina Neu',
      role: 'support',
      brands: [],
      hotels: [],
      markPaidLimitCents: 25_000,
    });
    expect(inviteForm.parse({ ...invite, limit: '250,00' }).markPaidLimitCents).toBe(25_000);
    expect(inviteForm.parse({ ...invite, limit: ' 1,15 ' }).markPaidLimitCents).toBe(115);
    for (const limit of ['', 'zehn', '1.000,00', '-5', '12,345']) {
      expect(inviteForm.safeParse({ ...invite, limit }).success, limit).toBe(false);
    }
  });

  it('asks a brand manager for a brand; gives an operator none and no limit', () => {
    const manager = inviteForm.safeParse({ ...invite, role: 'brand-manager' });
    expect(manager.success).toBe(false);
    expect(manager.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['brands']);
    expect(inviteForm.parse({ ...invite, role: 'brand-manager', brands: ['demo'], limit: '' })).toMatchObject(
      {
        brands: ['demo'],
        markPaidLimitCents: null,
      },
    );
    expect(inviteForm.parse({ ...invite, role: 'operator', brands: ['demo'], limit: '' })).toMatchObject({
      brands: [],
      markPaidLimitCents: null,
    });
  });

  it('asks hotel staff for a hotel, and sends its id without brands or a limit', () => {
    const desk = inviteForm.safeParse({ ...invite, role: 'hotel', brands: ['demo'] });
    expect(desk.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['hotels']);
    expect(
      inviteForm.parse({ ...invite, role: 'hotel', brands: ['demo'], hotels: [{ id: 7, name: 'Seeblick' }] }),
    ).toMatchObject({ role: 'hotel', brands: [], hotels: [7], markPaidLimitCents: null });
    const moved = editForm.parse({
      name: 'Nina Neu',
      role: 'hotel',
      brands: [],
      hotels: [{ id: 7, name: 'Seeblick' }],
      limit: '',
    });
    expect(changesOf(member, moved)).toMatchObject({ role: 'hotel', brands: [], hotels: [7] });
  });

  it('sends only what changed (never an unchanged role)', () => {
    const same = editForm.parse({
      name: 'Nina Neu',
      role: 'support',
      brands: ['demo'],
      hotels: [],
      limit: '250,00',
    });
    expect(changesOf(member, same)).toEqual({});
    const changed = editForm.parse({
      name: 'Nina Neu',
      role: 'support',
      brands: [],
      hotels: [],
      limit: '300',
    });
    expect(changesOf(member, changed)).toEqual({ brands: [], markPaidLimitCents: 30_000 });
    const promoted = editForm.parse({
      name: 'Nina',
      role: 'operator',
      brands: ['demo'],
      hotels: [],
      limit: '',
    });
    expect(changesOf(member, promoted)).toEqual({
      name: 'Nina',
      role: 'operator',
      brands: [],
      markPaidLimitCents: null,
    });
  });
});
