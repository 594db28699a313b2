import { Box, Card, CardContent, Table, TableBody, TableCell, TableRow } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { consoleBuildTime } from '../buildTime';
import { useConfig } from '../config';

/** Version, build time (of the console's bundle), environment and its colour, from /config.json. */
export const AboutPage = () => {
  const translate = useTranslate();
  const { version, buildTime, environment, environmentColor } = useConfig();
  const rows: Array<[string, ReactNode]> = [
    ['app.about.version', version],
    ['app.about.buildTime', consoleBuildTime() ?? buildTime],
    ['app.about.environment', environment],
    [
      'app.about.environmentColor',
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
        <Box
          component="span"
          sx={{
            width: 16,
            height: 16,
            borderRadius: '4px',
            bgcolor: environmentColor,
            border: 1,
            borderColor: 'divider',
          }}
        />
        {environmentColor}
      </Box>,
    ],
  ];
  return (
    <Card sx={{ maxWidth: 720 }}>
      <CardContent>
        <Table size="small">
          <TableBody>
            {rows.map(([label, value]) => (
              <TableRow key={label}>
                <TableCell component="th" sx={{ fontWeight: 600, width: 220 }}>
                  {translate(label)}
                </TableCell>
                <TableCell>{value}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
};
