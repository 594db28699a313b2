import { LinearProgress } from '@mui/material';
import { lazy, Suspense } from 'react';
import { Route } from 'react-router';
import { REPORTS, reportPath } from './reportDefinitions';

// The charts (nivo, d3) load with the first report opened, not with the console.
const ReportPage = lazy(() => import('./ReportPage').then((module) => ({ default: module.ReportPage })));

/**
 * The report routes for react-admin's CustomRoutes. Paths match whatever their casing (react-router's
 * default), so /report/passInWalletOverview reaches the page, which redirects it to the lower-case path.
 *
 * @example <CustomRoutes>{reportRoutes}</CustomRoutes>
 */
export const reportRoutes = REPORTS.map((definition) => (
  <Route
    key={definition.slug}
    path={reportPath(definition)}
    element={
      <Suspense fallback={<LinearProgress />}>
        <ReportPage definition={definition} />
      </Suspense>
    }
  />
));
