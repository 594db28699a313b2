import { useCreatePath } from 'react-admin';
import { Navigate, Route } from 'react-router';

/** /passes/certificate/new (the spec's address) is the New page, react-admin's /passes/certificate/create. */
const NewCertificate = () => {
  const createPath = useCreatePath();
  return <Navigate to={createPath({ resource: 'passes/certificate', type: 'create' })} replace />;
};

export const certificateRoutes = <Route path="new" element={<NewCertificate />} />;
