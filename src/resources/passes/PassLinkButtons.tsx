import DownloadIcon from '@mui/icons-material/Download';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import QrCodeIcon from '@mui/icons-material/QrCode';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Button, useRecordContext } from 'react-admin';
import type { Pass } from '../../../domain/schemas/pass';
import { useConfig } from '../../config';
import { passLinks } from './passLinks';

/** View, Download pkpass, Print pdf and QR code: the pass's public links, each in a new window. */
export const PassLinkButtons = () => {
  const pass = useRecordContext<Pass>();
  const { passBase } = useConfig();
  if (!pass) return null;
  const links = passLinks(passBase, pass.id);
  const open = { target: '_blank', rel: 'noreferrer' };
  return (
    <>
      <Button label="app.pass.view" href={links.view} {...open}>
        <VisibilityIcon />
      </Button>
      <Button label="app.pass.downloadPkpass" href={links.pkpass} {...open}>
        <DownloadIcon />
      </Button>
      <Button label="app.pass.printPdf" href={links.pdf} {...open}>
        <PictureAsPdfIcon />
      </Button>
      <Button label="app.pass.qrCode" href={links.qrCode} {...open}>
        <QrCodeIcon />
      </Button>
    </>
  );
};
