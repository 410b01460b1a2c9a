import { useEffect, useState } from 'react';

/** The time now, renewed every `everyMs`, so "2 minutes ago" moves on while the screen stays open. */
export function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
