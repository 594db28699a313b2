import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, IconButton, Tooltip } from '@mui/material';
import {
  Datagrid,
  EditButton,
  FunctionField,
  ReferenceField,
  SelectField,
  SelectInput,
  TextField,
  TextInput,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { Image } from '../../../domain/schemas/image';
import { DateTimeField } from '../../common/DateTimeField';
import { EmptyListTable } from '../../common/EmptyListTable';
import { ProjectInput } from '../../common/ProjectInput';
import { RawViewButton } from '../../common/RawViewButton';
import { ResourceList } from '../../common/ResourceList';
import { useViewer } from '../../common/useViewer';
import { useFileSize } from './fileSize';
import { imageTypeChoices } from './imageTypes';

const DIMENSION_LABEL = 'resources.passes/image.fields.dimension';
const ACTIONS_LABEL = 'app.action.actions';

const emptyColumns = [
  { source: 'projectId' },
  { source: 'name' },
  { source: 'type' },
  { source: 'fileSize' },
  { label: DIMENSION_LABEL },
  { source: 'updatedAt' },
  { label: ACTIONS_LABEL },
];

const imageFilters = [
  <ProjectInput key="projectId" source="projectId" />,
  <SelectInput key="type" source="type" choices={imageTypeChoices} />,
  <TextInput key="name" source="name" />,
];

/** The image's public address (no sign-in needed), in a new tab. */
const OpenPublicButton = () => {
  const image = useRecordContext<Image>();
  const translate = useTranslate();
  if (!image) return null;
  const label = translate('app.image.openPublic');
  return (
    <Tooltip title={label}>
      <IconButton
        size="small"
        aria-label={label}
        href={image.url}
        target="_blank"
        rel="noreferrer"
        onClick={(event) => event.stopPropagation()}
      >
        <OpenInNewIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
};

/**
 * Images of the viewer's projects: project, name, type, file size, dimension, last change; raw view and the
 * public address for everyone, the edit page for admins.
 */
export const ImageList = () => {
  const { viewer } = useViewer();
  const isAdmin = viewer?.isAdmin === true;
  const fileSize = useFileSize();
  return (
    <ResourceList filters={imageFilters} hasCreate>
      <Datagrid
        rowClick={isAdmin ? 'edit' : false}
        bulkActionButtons={false}
        empty={<EmptyListTable columns={emptyColumns} />}
      >
        <ReferenceField source="projectId" reference="identity/project" link={false}>
          <TextField source="name" />
        </ReferenceField>
        <TextField source="name" />
        <SelectField source="type" choices={imageTypeChoices} />
        <FunctionField<Image> source="fileSize" render={(image) => fileSize(image.fileSize)} />
        <FunctionField<Image>
          label={DIMENSION_LABEL}
          sortable={false}
          render={(image) => `${image.width} x ${image.height}`}
        />
        <DateTimeField source="updatedAt" />
        <FunctionField
          label={ACTIONS_LABEL}
          render={() => (
            <Box sx={{ display: 'flex', alignItems: 'center', whiteSpace: 'nowrap' }}>
              <RawViewButton />
              <OpenPublicButton />
              {isAdmin && <EditButton />}
            </Box>
          )}
        />
      </Datagrid>
    </ResourceList>
  );
};
