import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  Form,
  ResourceContextProvider,
  SelectInput,
  TextInput,
  useDataProvider,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Right, can } from '../../../domain/rights';
import { imageResource, type Image, type ImageUploadFields } from '../../../domain/schemas/image';
import type { ImageType } from '../../../domain/template/limits';
import { ProjectInput, byName } from '../../common/ProjectInput';
import { useItemNotifications } from '../../common/useItemNotifications';
import { useProjectRegister } from '../../common/useProjectRegister';
import { useViewer } from '../../common/useViewer';
import { useFormValidator } from '../../common/validation/useFormValidator';
import { apiProblems, errorStatus } from '../../dataProviders/httpClient';
import { ImageFileField } from './ImageFileField';
import { imageTypeChoices } from './imageTypes';
import { imageFileProblems, type FileFacts, type FileProblem } from './pngFile';
import { useFileFacts } from './useFileFacts';

export const IMAGE_RESOURCE = 'passes/image';

export interface ImageUploadDialogProps {
  open: boolean;
  /** preset by a picker: the image goes to this project, of this type */
  projectId?: string;
  type?: ImageType;
  onClose: () => void;
  /** the image was uploaded; the dialog closes right after */
  onUploaded?: (image: Image) => void;
}

/** Why the server refused the upload: its list by field when it gave one, else its message. */
function serverProblems(error: unknown): FileProblem[] {
  const body = (error as { body?: { message?: string } }).body;
  const problems = apiProblems(error);
  if (problems.length) return problems.map(({ message }) => ({ message }));
  return [{ message: body?.message ?? (error instanceof Error ? error.message : String(error)) }];
}

type UploadValues = ImageUploadFields;

const UploadForm = ({ projectId, type, onClose, onUploaded }: Omit<ImageUploadDialogProps, 'open'>) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const notifications = useItemNotifications(IMAGE_RESOURCE);
  const { viewer } = useViewer();
  const { projects, isPending } = useProjectRegister();
  const [file, setFile] = useState<File | null>(null);
  const [refusal, setRefusal] = useState<FileProblem[]>([]);
  const [uploading, setUploading] = useState(false);
  const facts = useFileFacts(file);
  const check: UploadCheck = { file, facts, refusal, uploading };
  const manageable = (id: string) => (viewer ? can(viewer, Right.IMAGE_MANAGE, id) : false);
  const defaultProject = projectId ?? byName(projects).find((project) => manageable(project.id))?.id ?? '';

  // an empty name is none: the server names the image after its file
  const validate = useFormValidator(imageResource.createSchema, {
    resource: IMAGE_RESOURCE,
    toBody: (values) => ({ ...values, name: values.name || undefined }),
  });
  const upload = async (values: UploadValues) => {
    setUploading(true);
    try {
      const data = { ...values, file };
      const { data: image } = await dataProvider.create<Image>(IMAGE_RESOURCE, { data });
      notifications.created(image.id);
      await queryClient.invalidateQueries({ queryKey: [IMAGE_RESOURCE] });
      onUploaded?.(image);
      onClose();
    } catch (error) {
      const status = errorStatus(error);
      if (status === 400 || status === 413) setRefusal(serverProblems(error));
      else notifications.createFailed(error);
      setUploading(false);
    }
  };

  if (!viewer || isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress />
      </Box>
    );
  }
  return (
    <Form<UploadValues>
      validate={validate}
      noValidate
      defaultValues={{ projectId: defaultProject, type: type ?? ('' as ImageType), name: '' }}
      onSubmit={(values: Record<string, unknown>) => upload(values as UploadValues)}
    >
      <DialogContent sx={{ pt: 1 }}>
        <ProjectInput
          only={(project) => manageable(project.id)}
          isRequired
          readOnly={Boolean(projectId)}
          fullWidth
        />
        <SelectInput source="type" choices={imageTypeChoices} isRequired readOnly={Boolean(type)} fullWidth />
        <TextInput source="name" helperText="app.image.nameHelp" fullWidth />
        <CheckedFile
          check={check}
          onChange={(chosen) => {
            setFile(chosen);
            setRefusal([]);
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.action.cancel')}</Button>
        <UploadButton check={check} />
      </DialogActions>
    </Form>
  );
};

interface UploadCheck {
  file: File | null;
  facts: FileFacts | null;
  /** what the server answered to the last try */
  refusal: FileProblem[];
  uploading: boolean;
}

/** The problems of the file for the type chosen now, and whether Upload may run. */
function useProblems({ file, facts, refusal, uploading }: UploadCheck) {
  const type = useWatch<UploadValues, 'type'>({ name: 'type' }) || undefined;
  const projectId = useWatch<UploadValues, 'projectId'>({ name: 'projectId' });
  const [language] = useLocaleState();
  const problems = useMemo(
    () => [...(facts ? imageFileProblems(facts, type, language) : []), ...refusal],
    [facts, type, language, refusal],
  );
  const canUpload = Boolean(type && projectId && file && facts && problems.length === 0 && !uploading);
  return { problems, canUpload };
}

const CheckedFile = ({ check, onChange }: { check: UploadCheck; onChange: (file: File | null) => void }) => {
  const { problems } = useProblems(check);
  return <ImageFileField file={check.file} facts={check.facts} problems={problems} onChange={onChange} />;
};

/** Upload is enabled only once a type is set, a file is chosen and it passes every check. */
const UploadButton = ({ check }: { check: UploadCheck }) => {
  const translate = useTranslate();
  const { canUpload } = useProblems(check);
  return (
    <Button type="submit" variant="contained" disabled={!canUpload}>
      {translate('app.image.upload')}
    </Button>
  );
};

/**
 * The upload of one PNG image (spec section 2): type, project (preset when opened from a picker), name and
 * the file, checked in the browser by the rules the server applies (PNG signature, 2 MB, the type's size).
 * On success it reports the new image and closes. Only for viewers who manage images.
 *
 * @example <ImageUploadDialog open projectId={projectId} type="logo" onUploaded={(image) => select(image.id)} onClose={close} />
 */
export const ImageUploadDialog = ({ open, onClose, ...preset }: ImageUploadDialogProps) => {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="image-upload-title">
      <DialogTitle id="image-upload-title">{translate('app.image.uploadTitle')}</DialogTitle>
      {open && (
        <ResourceContextProvider value={IMAGE_RESOURCE}>
          <UploadForm onClose={onClose} {...preset} />
        </ResourceContextProvider>
      )}
    </Dialog>
  );
};
