import { useCallback, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams, type NavigateOptions } from 'react-router';

/** A list's page in the address (`?page=`): 1 when absent or not a positive number. */
export const pageOf = (params: URLSearchParams): number => Math.max(1, Number(params.get('page')) || 1);

export type SearchParamsUpdate = (
  /** Changes `latest` in place, or returns other parameters. */
  change: (latest: URLSearchParams) => URLSearchParams | undefined,
  /** `pathname`: the change also goes to another path (the patient list keeps its search text in the path). */
  options?: NavigateOptions & { pathname?: string },
) => void;

/**
 * The address's query parameters, and a setter that changes the newest of them.
 *
 * React Router's own setter builds on the parameters of the render it was made in, and its navigation
 * commits only after the route's loader (the access guard) has answered. So a second change made before the
 * first has rendered rebuilds the address from the older parameters and undoes the first. It happened at the
 * queue: "Booked" clicked right after a booking put `patientId` back, and the booking form reopened on the
 * same patient with its button focused. Here each change starts from the last address asked for (its path
 * and its parameters), until the router commits a location (ours, a redirect, Back), which is then the newest.
 */
export function useSearchParamsUpdate(): [URLSearchParams, SearchParamsUpdate] {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const latest = useRef({ key: location.key, pathname: location.pathname, search: location.search });
  if (latest.current.key !== location.key)
    latest.current = { key: location.key, pathname: location.pathname, search: location.search };

  const update = useCallback<SearchParamsUpdate>(
    (change, { pathname = latest.current.pathname, ...options } = {}) => {
      const base = new URLSearchParams(latest.current.search);
      const search = `?${(change(base) ?? base).toString()}`;
      latest.current = { ...latest.current, pathname, search };
      void navigate({ pathname, search }, options);
    },
    [navigate],
  );
  return [params, update];
}
