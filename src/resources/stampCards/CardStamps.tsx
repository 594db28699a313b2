import {
  Alert,
  Box,
  Card,
  CardContent,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TablePagination,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LinkBase, useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import type { ConsoleDataProvider } from '../../dataProviders/consoleDataProvider';
import { shortId } from '../../common/shortId';

const PAGE_SIZE = 25;

/** The stamps given on a stamp card at the till, newest first, undone ones marked (below the card's form). */
export const CardStamps = ({ cardId }: { cardId: string }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const [page, setPage] = useState(0);
  const { data, error } = useQuery({
    queryKey: ['stampCard', cardId, 'stamps', page],
    queryFn: () => dataProvider.getStamps(cardId, page + 1, PAGE_SIZE),
  });
  const when = (iso: string) => new Date(iso).toLocaleString(locale);
  const text = (key: string) => translate(`app.stamp.stampsTab.${key}`);
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('app.stamp.stamps')}
        </Typography>
        {error && <Alert severity="error">{String((error as Error).message)}</Alert>}
        {data && data.totalCount === 0 && <Typography color="text.secondary">{text('empty')}</Typography>}
        {data && data.totalCount > 0 && (
          <>
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label={translate('app.stamp.stamps')}>
                <TableHead>
                  <TableRow>
                    {['at', 'pass', 'count', 'after', 'rewarded', 'user', 'undone'].map((key) => (
                      <TableCell key={key}>{text(key)}</TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.data.map((stamp) => (
                    <TableRow key={stamp.id} sx={stamp.undoneAt ? { opacity: 0.55 } : undefined}>
                      <TableCell>{when(stamp.at)}</TableCell>
                      <TableCell>
                        <Link component={LinkBase} to={`/passes/pass/${stamp.passId}`}>
                          {shortId(stamp.passId)}
                        </Link>
                      </TableCell>
                      <TableCell align="right">{stamp.count}</TableCell>
                      <TableCell align="right">{stamp.stampsAfter}</TableCell>
                      <TableCell>
                        {stamp.rewarded &&
                          (stamp.rewardPassId ? (
                            <Link component={LinkBase} to={`/passes/pass/${stamp.rewardPassId}`}>
                              {shortId(stamp.rewardPassId)}
                            </Link>
                          ) : (
                            '✓'
                          ))}
                      </TableCell>
                      <TableCell>{stamp.userName ?? ''}</TableCell>
                      <TableCell>{stamp.undoneAt ? when(stamp.undoneAt) : ''}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
            <TablePagination
              component="div"
              count={data.totalCount}
              page={page}
              rowsPerPage={PAGE_SIZE}
              rowsPerPageOptions={[PAGE_SIZE]}
              onPageChange={(_event, next) => setPage(next)}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
};
