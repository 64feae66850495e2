import { useCallback, useRef } from 'react';
import { useLocation, useSearchParams, type NavigateOptions } from 'react-router';

export type SearchParamsUpdate = (
  /** Changes `latest` in place, or returns other parameters. */
  change: (latest: URLSearchParams) => URLSearchParams | undefined,
  options?: NavigateOptions,
) => void;

/**
 * The address's query parameters, and a setter that changes the newest of them.
 *
 * React Router's own setter builds on the parameters of the render it was made in, and its navigation
 * commits only after the route's loader (the access guard) has answered. So a second change made before the
 * first has rendered rebuilds the address from the older parameters and undoes the first. It happened at the
 * queue: "Booked" clicked right after a booking put `patientId` back, and the booking form reopened on the
 * same patient with its button focused. Here each change starts from the last address asked for, until the
 * router commits a location (ours, a redirect, Back), which is then the newest.
 */
export function useSearchParamsUpdate(): [URLSearchParams, SearchParamsUpdate] {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const latest = useRef({ key: location.key, search: location.search });
  if (latest.current.key !== location.key) latest.current = { key: location.key, search: location.search };

  const update = useCallback<SearchParamsUpdate>(
    (change, options) => {
      const base = new URLSearchParams(latest.current.search);
      const next = change(base) ?? base;
      latest.current = { ...latest.current, search: `?${next.toString()}` };
      setParams(next, options);
    },
    [setParams],
  );
  return [params, update];
}
