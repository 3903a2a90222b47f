import { describe, expect, it } from 'vitest';
import { checkNewStaffMember, isLocalShop } from './staff-accounts.ts';

describe('staff accounts', () => {
  it('gives the demo staff, whose passwords are published, to a shop on this machine only', () => {
    for (const url of [
      'http://localhost:3000',
      'http://demo.localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
    ]) {
      expect(isLocalShop(url), url).toBe(true);
    }
    for (const url of ['https://shop.example', 'http://192.168.1.20:3000', 'https://localhost.example.org']) {
      expect(isLocalShop(url), url).toBe(false);
    }
  });

  it('refuses a brand manager without a brand, an operator with one, and a short password', () => {
    const member = { email: 'a@example.org', name: 'A', password: 'x'.repeat(12) };
    expect(checkNewStaffMember({ ...member, role: 'brand-manager', brands: [] })).toBe(
      'a brand manager needs --brand',
    );
    expect(checkNewStaffMember({ ...member, role: 'operator', brands: ['demo'] })).toMatch(/every brand/);
    expect(checkNewStaffMember({ ...member, role: 'support', brands: [], password: 'short' })).toMatch(
      /12 characters/,
    );
    expect(checkNewStaffMember({ ...member, role: 'support', brands: [] })).toBeNull();
  });
});
