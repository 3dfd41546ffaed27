import { createContext, useContext } from 'react';

/**
 * A4 on the screen: whether the signed-in user may change what the page shows (their role in the page's project, or
 * their company role outside a project), from the same policy the server applies (contracts/access-policy.ts). The
 * app layout provides it; outside it (sign-in, public pages) nothing is held back.
 */
export const WriteAccess = createContext(true);

export const useMayWrite = () => useContext(WriteAccess);
