import { Card, CardContent, Link, Table, TableBody, TableCell, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useConfig } from '../config';

/** A configured base as an absolute address (bases may be relative to the console's origin). */
export const absoluteUrl = (base: string) =>
  new URL(base, window.location.origin).toString().replace(/\/$/, '');

/** API address, distribution address, issue address and the API documentation. */
export const EndpointsPage = () => {
  const translate = useTranslate();
  const { coreApi, passBase, issueUrl, docsUrl } = useConfig();
  const rows: Array<[string, string, string?]> = [
    ['app.endpoints.apiAddress', absoluteUrl(coreApi)],
    ['app.endpoints.distributionAddress', absoluteUrl(passBase)],
    ['app.endpoints.issueAddress', issueUrl, issueUrl],
    ['app.endpoints.docs', absoluteUrl(docsUrl), docsUrl],
  ];
  return (
    <Card sx={{ maxWidth: 900 }}>
      <CardContent>
        <Table size="small">
          <TableBody>
            {rows.map(([label, value, href]) => (
              <TableRow key={label}>
                <TableCell component="th" sx={{ fontWeight: 600, width: 220 }}>
                  {translate(label)}
                </TableCell>
                <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                  {href ? (
                    <Link href={href} target="_blank" rel="noreferrer">
                      {value}
                    </Link>
                  ) : (
                    value
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
};
