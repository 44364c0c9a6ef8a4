import { useEffect, useState } from 'react';

/** The latest value of a watched source (the local store's queries), kept current while mounted. */
export function useWatched<T>(watch: (onChange: (value: T) => void) => Promise<() => void>, initial: T): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    void watch(setValue).then((s) => (cancelled ? s() : (stop = s)));
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [watch]);
  return value;
}
