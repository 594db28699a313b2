import HomeIcon from '@mui/icons-material/Home';
import { Card, CardContent, Stack, Typography } from '@mui/material';
import { Button, LinkBase, useParams, useTranslate } from 'react-admin';

const KNOWN_STATUSES = ['400', '403', '404', '500'];

/** /error/{status}: the title and text of spec section 8 for 400, 403, 404 and 500 (the default). */
export const ErrorPage = ({ status: statusProp }: { status?: string }) => {
  const translate = useTranslate();
  const params = useParams<{ status?: string }>();
  const status = statusProp ?? params.status ?? '500';
  const known = KNOWN_STATUSES.includes(status) ? status : '500';
  return (
    <Card sx={{ maxWidth: 720, mx: 'auto', mt: 4 }}>
      <CardContent>
        <Stack spacing={2} alignItems="flex-start">
          <Typography variant="h2" component="p" color="text.secondary">
            {status}
          </Typography>
          <Typography variant="h5" component="h2">
            {translate(`app.error.${known}.title`)}
          </Typography>
          <Typography>{translate(`app.error.${known}.text`)}</Typography>
          <Button component={LinkBase} to="/" label="app.error.home">
            <HomeIcon />
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
};

export const NotFoundPage = () => <ErrorPage status="404" />;
export const AccessDeniedPage = () => <ErrorPage status="403" />;
