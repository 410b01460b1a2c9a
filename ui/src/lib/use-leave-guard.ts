import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';

/**
 * Holds navigation away from the page while `dirty` (the caller asks the user: Stay or Leave),
 * and lets the browser ask on reload or tab close.
 */
export function useLeaveGuard(dirty: boolean) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return blocker;
}
