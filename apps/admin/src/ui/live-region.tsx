import { createContext, type ReactNode, useCallback, useContext, useState } from 'react';

type Announce = (message: string) => void;
const LiveRegionContext = createContext<Announce>(() => {});

/**
 * One polite live region for the whole app: outcomes of actions ("the mail is being sent again") are
 * read out by screen readers and stay visible until the next one.
 */
export function LiveRegionProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState('');
  const announce = useCallback<Announce>((next) => {
    // Cleared first, so that the same message twice is announced twice.
    setMessage('');
    requestAnimationFrame(() => setMessage(next));
  }, []);
  return (
    <LiveRegionContext.Provider value={announce}>
      {children}
      <div className="announcement" role="status" aria-live="polite" data-testid="announcement">
        {message}
      </div>
    </LiveRegionContext.Provider>
  );
}

export const useAnnounce = (): Announce => useContext(LiveRegionContext);
