import { Breadcrumbs, Link as MuiLink, Typography } from '@mui/material';
import {
  LinkBase,
  useCanAccess,
  useGetOne,
  useGetRecordRepresentation,
  useGetResourceLabel,
  useLocation,
  useResourceDefinitions,
  useTranslate,
} from 'react-admin';
import { isEntityIdSegment } from './entityId';
import { menuGroups, userMenuPages } from './menuItems';

/** An entity's name (its recordRepresentation), read with getOne once the viewer may see it; the id until then. */
const RecordName = ({ resource, id }: { resource: string; id: string }) => {
  const { canAccess } = useCanAccess({ resource, action: 'show' });
  const { data } = useGetOne(resource, { id }, { retry: false, enabled: canAccess === true });
  const represent = useGetRecordRepresentation(resource);
  const name = data ? represent(data) : null;
  return <>{typeof name === 'string' && name ? name : id}</>;
};

const linkablePaths = new Set([
  ...menuGroups.flatMap((group) => group.entries.flatMap((entry) => (entry.to ? [entry.to] : []))),
  ...userMenuPages.map((page) => page.to),
]);

/** Where the viewer is: shown when the path has more than one part and is not an error page. */
export const Breadcrumb = () => {
  const { pathname } = useLocation();
  const translate = useTranslate();
  const getResourceLabel = useGetResourceLabel();
  const resources = useResourceDefinitions();
  const parts = pathname.split('/').filter(Boolean);
  if (parts.length <= 1 || parts[0] === 'error') return null;

  const crumbs = parts.map((part, index) => {
    const path = `/${parts.slice(0, index + 1).join('/')}`;
    const parentResource = parts.slice(0, index).join('/');
    const resource = parts.slice(0, index + 1).join('/');
    const label =
      isEntityIdSegment(part) && resources[parentResource] ? (
        <RecordName resource={parentResource} id={part} />
      ) : resources[resource] ? (
        getResourceLabel(resource, 2)
      ) : (
        translate(`app.breadcrumb.${part}`, { _: part })
      );
    const isLast = index === parts.length - 1;
    const linkable = !isLast && (linkablePaths.has(path) || Boolean(resources[resource]));
    return linkable ? (
      <MuiLink key={path} component={LinkBase} to={path} underline="hover" color="inherit">
        {label}
      </MuiLink>
    ) : (
      <Typography key={path} color={isLast ? 'text.primary' : 'inherit'}>
        {label}
      </Typography>
    );
  });

  return (
    <Breadcrumbs aria-label="breadcrumb" sx={{ mb: 1 }}>
      {crumbs}
    </Breadcrumbs>
  );
};
