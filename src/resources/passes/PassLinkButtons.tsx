import DownloadIcon from '@mui/icons-material/Download';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import QrCodeIcon from '@mui/icons-material/QrCode';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Tooltip } from '@mui/material';
import { Button, useRecordContext, useTranslate } from 'react-admin';
import type { Pass } from '../../../domain/schemas/pass';
import { useConfig } from '../../config';
import { passLinks } from './passLinks';
import { useWalletPreflight } from '../../common/useWalletPreflight';

/**
 * View, Download pkpass, Print pdf and QR code: the pass's public links, each in a new window. Download pkpass is
 * disabled, with the reason on hover, while the Wallet check has errors: the server would refuse to sign the pass;
 * a pass signed only with a development certificate downloads for inspection, its button saying so.
 */
export const PassLinkButtons = () => {
  const pass = useRecordContext<Pass>();
  const { passBase } = useConfig();
  const translate = useTranslate();
  const { data: preflight } = useWalletPreflight('pass', pass?.id);
  if (!pass) return null;
  const links = passLinks(passBase, pass.id);
  const open = { target: '_blank', rel: 'noreferrer' };
  const cannotSign = (preflight?.errors.length ?? 0) > 0;
  return (
    <>
      <Button label="app.pass.view" href={links.view} {...open}>
        <VisibilityIcon />
      </Button>
      {cannotSign ? (
        <Tooltip title={translate('app.pass.downloadPkpassBlocked')}>
          {/* a disabled button gets no pointer events: the span shows the reason on hover and focus */}
          <span tabIndex={0}>
            <Button label="app.pass.downloadPkpass" disabled>
              <DownloadIcon />
            </Button>
          </span>
        </Tooltip>
      ) : preflight?.developmentSigned ? (
        <Tooltip title={translate('app.pass.downloadPkpassDevelopmentText')}>
          <span>
            <Button label="app.pass.downloadPkpassDevelopment" href={links.pkpass} {...open}>
              <DownloadIcon />
            </Button>
          </span>
        </Tooltip>
      ) : (
        <Button label="app.pass.downloadPkpass" href={links.pkpass} {...open}>
          <DownloadIcon />
        </Button>
      )}
      <Button label="app.pass.printPdf" href={links.pdf} {...open}>
        <PictureAsPdfIcon />
      </Button>
      <Button label="app.pass.qrCode" href={links.qrCode} {...open}>
        <QrCodeIcon />
      </Button>
    </>
  );
};
