import CancelIcon from '@mui/icons-material/Cancel';
import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Chip,
  CircularProgress,
  List,
  ListItem,
  ListItemAvatar,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState, type KeyboardEvent } from 'react';
import { useTranslate } from 'react-admin';
import type { AppStoreApp } from '../../../domain/schemas/appStore';
import { useNotifyResult } from '../../common/useNotifyResult';
import { errorMessage, errorStatus } from '../../dataProviders/httpClient';
import { useDesigner } from '../DesignerContext';
import { DesignerRuleError, MAX_STORE_IDENTIFIERS, addStoreIdentifier } from '../designerRules';
import { useAppStoreClient } from './appStoreClient';
import { withProperty } from './templateEdits';
import { useErrorMessages } from './useProblems';

const t = (key: string) => `app.designer.inputs.apps.${key}`;

type Search =
  | { state: 'idle' }
  | { state: 'searching' }
  | { state: 'found'; apps: AppStoreApp[] }
  | { state: 'failed'; message: string };

/** An App Store id as typed: a positive whole number, or undefined. */
export function appIdOf(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d{1,15}$/.test(trimmed)) return undefined;
  const id = Number(trimmed);
  return id >= 1 ? id : undefined;
}

/** The App Store could not be asked (as opposed to: it has no such app). */
const isServiceTrouble = (error: unknown) => {
  const status = errorStatus(error);
  return status === undefined || status === 502 || status === 503 || status === 504;
};

/** Enter in these inputs acts on them; it must not submit the template's form around the designer. */
const onEnter = (action: () => void) => (event: KeyboardEvent) => {
  if (event.key !== 'Enter') return;
  event.preventDefault();
  action();
};

/**
 * The App Store apps associated with the pass: chips to remove them, a search of the App Store with an Add
 * button per result, and adding by id (looked up first; when the App Store cannot be asked, the id can still
 * be added after confirming).
 */
export const AssociatedAppsInputs = () => {
  const translate = useTranslate();
  const notifyResult = useNotifyResult();
  const client = useAppStoreClient();
  const { jsonTemplate, readOnly, update } = useDesigner();
  const problems = useErrorMessages('/associatedStoreIdentifiers');
  const ids = jsonTemplate.associatedStoreIdentifiers ?? [];
  const [known, setKnown] = useState<Record<number, AppStoreApp>>({});
  const [term, setTerm] = useState('');
  const [search, setSearch] = useState<Search>({ state: 'idle' });
  const [idText, setIdText] = useState('');
  const [idError, setIdError] = useState<string | undefined>();
  const [checking, setChecking] = useState(false);
  const [unchecked, setUnchecked] = useState<number | undefined>();

  const remember = (app: AppStoreApp) => setKnown((current) => ({ ...current, [app.id]: app }));
  const fail = (message: string, args: Record<string, unknown>) =>
    notifyResult('error', 'app.designer.inputs.errorTitle', {}, t(message), args);

  /** The ids with one more, or undefined after telling why not (already there, or too many). */
  const withId = (id: number): number[] | undefined => {
    try {
      return addStoreIdentifier(ids, id);
    } catch (error) {
      if (!(error instanceof DesignerRuleError)) throw error;
      if (ids.includes(id)) fail('duplicate', { id });
      else fail('tooMany', { max: MAX_STORE_IDENTIFIERS });
      return undefined;
    }
  };
  const add = (id: number): boolean => {
    if (!withId(id)) return false;
    // applied to the template as it is by then (another app may have been added during a lookup)
    update((template) => {
      const current = template.associatedStoreIdentifiers ?? [];
      return current.includes(id) ? template : { ...template, associatedStoreIdentifiers: [...current, id] };
    });
    return true;
  };
  const remove = (id: number) =>
    update((template) => {
      const rest = (template.associatedStoreIdentifiers ?? []).filter((each) => each !== id);
      return withProperty(template, 'associatedStoreIdentifiers', rest.length ? rest : undefined);
    });

  const runSearch = async () => {
    if (!term.trim()) return;
    setSearch({ state: 'searching' });
    try {
      setSearch({ state: 'found', apps: await client.search(term.trim()) });
    } catch (error) {
      setSearch({ state: 'failed', message: errorMessage(error) || String(errorStatus(error) ?? '') });
    }
  };

  const addById = async () => {
    setUnchecked(undefined);
    const id = appIdOf(idText);
    if (id === undefined) return setIdError(translate(t('idInvalid')));
    setIdError(undefined);
    if (!withId(id)) return;
    setChecking(true);
    try {
      const app = await client.lookup(id);
      remember(app);
      if (add(id)) setIdText('');
    } catch (error) {
      fail('fetchError', { id });
      if (isServiceTrouble(error)) setUnchecked(id);
    } finally {
      setChecking(false);
    }
  };

  const addUnchecked = (id: number) => {
    setUnchecked(undefined);
    if (!add(id)) return;
    setIdText('');
    notifyResult('warning', 'app.designer.inputs.warningTitle', {}, t('addedUnchecked'), { id });
  };

  return (
    <>
      <Typography variant="body2" color="text.secondary">
        {translate(t('help'))}
      </Typography>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ flexWrap: 'wrap' }}
        aria-label={translate('app.designer.inputs.sections.apps')}
      >
        {ids.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {translate(t('none'))}
          </Typography>
        )}
        {ids.map((id) => {
          const name = known[id] ? `${known[id].name} (${id})` : String(id);
          return (
            <Chip
              key={id}
              label={name}
              avatar={known[id]?.iconUrl ? <Avatar src={known[id].iconUrl} alt="" /> : undefined}
              onDelete={readOnly ? undefined : () => remove(id)}
              deleteIcon={<CancelIcon titleAccess={translate(t('remove'), { name })} />}
            />
          );
        })}
      </Stack>
      {problems.map((message) => (
        <Typography key={message} variant="caption" color="error">
          {message}
        </Typography>
      ))}
      {!readOnly && (
        <>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              label={translate(t('search'))}
              value={term}
              size="small"
              sx={{ flexGrow: 1 }}
              onChange={(event) => setTerm(event.target.value)}
              onKeyDown={onEnter(() => void runSearch())}
            />
            <Button
              startIcon={<SearchIcon />}
              onClick={() => void runSearch()}
              disabled={!term.trim() || search.state === 'searching'}
            >
              {translate(t('searchButton'))}
            </Button>
          </Stack>
          <SearchResults
            search={search}
            ids={ids}
            onAdd={(app) => {
              remember(app);
              add(app.id);
            }}
          />
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              label={translate(t('addById'))}
              value={idText}
              size="small"
              error={Boolean(idError)}
              helperText={idError}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              onChange={(event) => {
                setIdText(event.target.value);
                setIdError(undefined);
              }}
              onKeyDown={onEnter(() => void addById())}
            />
            <Button onClick={() => void addById()} disabled={checking || !idText.trim()}>
              {checking ? <CircularProgress size={20} /> : translate(t('addByIdButton'))}
            </Button>
          </Stack>
          {unchecked !== undefined && (
            <Alert
              severity="warning"
              action={
                <Button color="inherit" size="small" onClick={() => addUnchecked(unchecked)}>
                  {translate(t('addAnyway'))}
                </Button>
              }
            >
              {translate(t('lookupUnavailable'), { id: unchecked })}
            </Alert>
          )}
        </>
      )}
    </>
  );
};

const SearchResults = ({
  search,
  ids,
  onAdd,
}: {
  search: Search;
  ids: readonly number[];
  onAdd: (app: AppStoreApp) => void;
}) => {
  const translate = useTranslate();
  if (search.state === 'idle') return null;
  if (search.state === 'searching')
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <CircularProgress size={20} />
        <Typography variant="body2">{translate(t('searching'))}</Typography>
      </Box>
    );
  if (search.state === 'failed')
    return <Alert severity="warning">{translate(t('searchUnavailable'), { message: search.message })}</Alert>;
  if (search.apps.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate(t('noResults'))}
      </Typography>
    );
  return (
    <List dense aria-label={translate(t('search'))}>
      {search.apps.map((app) => {
        const added = ids.includes(app.id);
        return (
          <ListItem
            key={app.id}
            secondaryAction={
              <Button
                size="small"
                disabled={added}
                onClick={() => onAdd(app)}
                aria-label={`${translate(t('add'))} ${app.name}`}
              >
                {translate(t(added ? 'added' : 'add'))}
              </Button>
            }
          >
            <ListItemAvatar>
              <Avatar src={app.iconUrl || undefined} alt="" variant="rounded" />
            </ListItemAvatar>
            <ListItemText primary={app.name} secondary={`${app.developer} · ${app.id}`} />
          </ListItem>
        );
      })}
    </List>
  );
};
