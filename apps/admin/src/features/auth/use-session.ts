import { useQuery } from '@tanstack/react-query';
import { sessionQuery } from './api/session.ts';

/** The staff session (null: nobody signed in), read once and shared by every screen. */
export const useSession = () => useQuery(sessionQuery());
