import { AbilityProvider } from '@casl/react';
import type { ReactNode } from 'react';
import { currentAbility } from './ability';
import { useUser } from './useUser';

/**
 * The signed-in user's CASL ability (permissions/ability.ts) for every component below it, read with `useCanAccess`
 * or `<Can>` of @casl/react: what a screen shows or hides follows the same rules as the calls it makes. Renewed when
 * the user changes (another login, new roles, a menu hidden by an administrator).
 */
export function AbilityRoot({ children }: { children: ReactNode }) {
  useUser();
  return <AbilityProvider value={currentAbility()}>{children}</AbilityProvider>;
}
