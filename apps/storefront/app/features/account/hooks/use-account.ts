import type { Account } from '@shop/contracts/accounts';
import { useCallback, useEffect, useState } from 'react';
import { getAccount } from '../api/account-calls.ts';

export type AccountState =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string | null }
  | { kind: 'ready'; account: Account };

/** The signed-in customer's account (GET /api/account/me), read when the page shows. */
export function useAccount(): { state: AccountState; reload: () => void; set: (account: Account) => void } {
  const [state, setState] = useState<AccountState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks again on purpose
  useEffect(() => {
    let isCurrent = true;
    setState({ kind: 'loading' });
    void getAccount().then((result) => {
      if (!isCurrent) return;
      setState(
        result.ok
          ? { kind: 'ready', account: result.data }
          : { kind: 'failed', message: result.reaction.errors[0] ?? null },
      );
    });
    return () => {
      isCurrent = false;
    };
  }, [attempt]);
  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  const set = useCallback((account: Account) => setState({ kind: 'ready', account }), []);
  return { state, reload, set };
}
