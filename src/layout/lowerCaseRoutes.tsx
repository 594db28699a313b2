import { Navigate, Route, useParams } from 'react-router';
import { RESOURCES } from '../../domain/resources';

/** The canonical address of a lower-case one: the list, or the item of the id. */
const ToCanonical = ({ route }: { route: string }) => {
  const { id } = useParams<{ id: string }>();
  return <Navigate to={id ? `/${route}/${encodeURIComponent(id)}` : `/${route}`} replace />;
};

/**
 * The lower-case forms of the resources' addresses (`/ticket/ticketorder/{id}`, as the spec's links write them)
 * lead to the canonical ones (`/ticket/ticketOrder/{id}`): the router would match them without regard to case,
 * but titles and breadcrumbs are found by the exact route. Case-sensitive, so the canonical address never matches.
 *
 * @example <CustomRoutes>{lowerCaseRoutes}</CustomRoutes>
 */
export const lowerCaseRoutes = RESOURCES.filter(({ route }) => route !== route.toLowerCase()).flatMap(
  ({ route }) => [
    <Route
      key={route}
      caseSensitive
      path={`/${route.toLowerCase()}`}
      element={<ToCanonical route={route} />}
    />,
    <Route
      key={`${route}/:id`}
      caseSensitive
      path={`/${route.toLowerCase()}/:id`}
      element={<ToCanonical route={route} />}
    />,
  ],
);
