import { createStaffRequestSchema, type StaffRole, staffRoles } from '@shop/contracts/admin';
import { text } from '@shop/contracts/text';
import { z } from 'zod';
import { centsOfEuros, eurosForInput, eurosPattern } from '../../lib/euros.ts';
import type { StaffListEntry } from './api/staff.ts';

/**
 * The invitation's and the edit's form: the contract's fields, with what a person types in place of
 * what the API takes. The brands are checkbox values (brand shorts); the limit is euros as text, for
 * support only (the other roles have none). A brand manager needs a brand, an operator has none (all).
 */
const memberFields = z.object({
  name: createStaffRequestSchema.shape.name,
  role: z.enum(staffRoles),
  brands: z.array(text()),
  /** A hotel staff member's hotels, as chosen (with their names, to show them). */
  hotels: z.array(z.object({ id: z.number().int(), name: text() })),
  limit: text(),
});

type MemberValues = z.output<typeof memberFields>;

function checkRoleRules(values: MemberValues, context: z.RefinementCtx): void {
  if (values.role === 'brand-manager' && values.brands.length === 0) {
    context.addIssue({ code: 'custom', path: ['brands'], message: 'brands' });
  }
  if (values.role === 'hotel' && values.hotels.length === 0) {
    context.addIssue({ code: 'custom', path: ['hotels'], message: 'hotels' });
  }
  if (values.role === 'support' && !eurosPattern.test(values.limit.trim())) {
    context.addIssue({ code: 'custom', path: ['limit'], message: 'limit' });
  }
}

/**
 * What the API is asked about the member's access: operators work for all brands and have no limit;
 * hotel staff work for hotels, not brands.
 */
function accessOf(values: MemberValues) {
  return {
    name: values.name,
    role: values.role,
    brands: values.role === 'operator' || values.role === 'hotel' ? [] : values.brands,
    hotels: values.role === 'hotel' ? values.hotels.map((hotel) => hotel.id) : [],
    markPaidLimitCents: values.role === 'support' ? centsOfEuros(values.limit) : null,
  };
}

export const inviteForm = memberFields
  .extend({ email: createStaffRequestSchema.shape.email })
  .superRefine(checkRoleRules)
  .transform((values) => ({ email: values.email, ...accessOf(values) }));

export const editForm = memberFields.superRefine(checkRoleRules).transform(accessOf);

/** 1 000 € for a new support member: the server's own default, shown so that it can be changed. */
const defaultLimitCents = 100_000;

export const inviteDefaults = (locale: string) => ({
  email: '',
  name: '',
  role: 'support' as StaffRole,
  brands: [] as string[],
  hotels: [] as { id: number; name: string }[],
  limit: eurosForInput(defaultLimitCents, locale),
});

export const editDefaults = (member: StaffListEntry, locale: string) => ({
  name: member.name,
  role: member.role,
  brands: member.brands.map((brand) => brand.short),
  hotels: member.hotels,
  limit: eurosForInput(member.markPaidLimitCents ?? defaultLimitCents, locale),
});

/**
 * Only what changed: the API refuses a member's own role even when it is sent unchanged (an operator
 * cannot take away their own access), and a request that names nothing changes nothing.
 */
export function changesOf(member: StaffListEntry, values: z.output<typeof editForm>) {
  const brands = member.brands.map((brand) => brand.short).sort();
  return {
    ...(values.name !== member.name ? { name: values.name } : {}),
    ...(values.role !== member.role ? { role: values.role } : {}),
    ...(values.brands.slice().sort().join() !== brands.join() ? { brands: values.brands } : {}),
    ...(values.hotels
      .slice()
      .sort((a, b) => a - b)
      .join() !==
    member.hotels
      .map((hotel) => hotel.id)
      .sort((a, b) => a - b)
      .join()
      ? { hotels: values.hotels }
      : {}),
    ...(values.markPaidLimitCents !== member.markPaidLimitCents
      ? { markPaidLimitCents: values.markPaidLimitCents }
      : {}),
  };
}
