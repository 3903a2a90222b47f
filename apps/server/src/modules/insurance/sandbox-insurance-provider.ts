import { createHash } from 'node:crypto';
import {
  type InsuranceBookInput,
  type InsuranceProvider,
  InsuranceUnavailableError,
} from './insurance-provider.ts';
import { curtailmentCoveredDays, premiumFor } from './insurance-rules.ts';

/** Last names that make the sandbox insurer answer as a real one sometimes does (README "Travel insurance"). */
export const sandboxTriggers = { decline: 'Decline', timeout: 'Timeout' } as const;

/**
 * The built-in insurer: quotes from the brand's tariff table and books at once, so that insurance works
 * offline. Its policy number is derived from the idempotency key, so a repeated booking (a retry after a
 * lost answer) gets the same policy without any state of its own. A traveller named "Decline" is refused;
 * one named "Timeout" keeps the call waiting until the shop gives up. Its policies are specimens.
 */
export function createSandboxInsuranceProvider(options: { hangMs?: number } = {}): InsuranceProvider {
  const hangMs = options.hangMs ?? 120_000;
  return {
    name: 'sandbox',
    async quote(input) {
      const premiumCents = premiumFor(input.tariffs, input.tripValueCents, input.type);
      if (premiumCents === null) return null;
      const coveredDays = input.type === 'curtailment' ? curtailmentCoveredDays(input.nights) : null;
      return { premiumCents, currency: 'EUR', coveredDays };
    },
    async book(input, signal) {
      if (hasTraveller(input, sandboxTriggers.timeout)) {
        await hang(hangMs, signal);
        throw new InsuranceUnavailableError('sandbox insurer did not answer');
      }
      if (hasTraveller(input, sandboxTriggers.decline)) {
        return { status: 'declined', reason: 'sandbox: declined by test trigger' };
      }
      return { status: 'booked', policyNumber: sandboxPolicyNumber(input.requestId) };
    },
  };
}

function hasTraveller(input: InsuranceBookInput, lastName: string): boolean {
  return input.travellers.some(
    (traveller) => traveller.lastName.trim().toLowerCase() === lastName.toLowerCase(),
  );
}

/** `SBX-` and 10 characters of the key's hash (Crockford-like alphabet: no I, L, O, U). */
export function sandboxPolicyNumber(requestId: string): string {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  const digest = createHash('sha256').update(`sandbox-insurance:${requestId}`).digest();
  let code = '';
  for (let index = 0; index < 10; index++) code += alphabet[(digest[index] as number) % 32];
  return `SBX-${code}`;
}

/** Waits `ms`, or until `signal` aborts: a slow insurer that the caller's time-out cuts short. */
function hang(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref?.();
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}
