import { useCallback, useLayoutEffect, useRef } from 'react';
import { createSearchParams, useSearchParams, type NavigateOptions, type URLSearchParamsInit } from 'react-router-dom';

/**
 * The URL's query, and `change`, which builds each change on the last one asked for.
 *
 * React Router renders a navigation as a transition: until it has rendered, the query a handler
 * sees is the one before. Two changes in that window (a filter cleared and another picked at once,
 * as a quick hand or a busy machine makes them) would each start from the old query, and the
 * second would undo the first. `change` starts from the query last asked for instead.
 */
export function useUrlParams() {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  // A navigation that rendered (this page's, a link's, Back) is the query from then on.
  useLayoutEffect(() => {
    latest.current = params;
  }, [params]);
  const change = useCallback(
    (next: (current: URLSearchParams) => URLSearchParamsInit, options?: NavigateOptions) => {
      const value = createSearchParams(next(new URLSearchParams(latest.current)));
      latest.current = value;
      setParams(value, options);
    },
    [setParams],
  );
  return [params, change] as const;
}
