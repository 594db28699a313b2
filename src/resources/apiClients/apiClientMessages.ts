import { useTextTable } from '../../i18n/useTextTable';

/**
 * The API client widgets' texts (the secret shown once, the Projects tab's rights), under app.apiClient. They travel
 * with the widgets' own chunk, not the console's first load: useApiClientTranslate hands them to react-admin's
 * translate as its default text. The labels and helps the generated screens read stay in src/i18n.
 */
const en = {
  secretTitle: 'Client secret',
  secretText: 'Copy the client secret now: it will not be shown again.',
  secretDone: 'I have copied it',
  publicNoProjects:
    'A public client has no secret, so it cannot use grant_type=client_credentials and holds no project rights.',
  addProject: 'Add project',
  noProjects: 'No project yet: the client can sign in but may do nothing.',
  projectRightsSavedText: "The client's rights on %{name} are %{rights}.",
  projectRightsSaved: 'Rights saved',
  removeProject: 'Remove from the project',
};

const cs: typeof en = {
  secretTitle: 'Tajný klíč klienta',
  secretText: 'Zkopírujte si tajný klíč hned: znovu už zobrazen nebude.',
  secretDone: 'Zkopírováno, zavřít',
  publicNoProjects:
    'Veřejný klient nemá tajný klíč, nemůže proto použít grant_type=client_credentials a nemá žádná práva k projektům.',
  addProject: 'Přidat projekt',
  noProjects: 'Zatím žádný projekt: klient se přihlásí, ale nesmí nic.',
  projectRightsSavedText: 'Práva klienta na projektu %{name} jsou %{rights}.',
  projectRightsSaved: 'Práva uložena',
  removeProject: 'Odebrat z projektu',
};

export const apiClientMessages = { en, cs };

/**
 * Translates the API client widgets' texts (apiClientMessages, key under app.apiClient) in the console's language (src/i18n/useTextTable).
 *
 * @example const text = useApiClientTranslate(); text('addProject') // 'Add project'
 */
export function useApiClientTranslate(): (key: string, options?: Record<string, unknown>) => string {
  return useTextTable(apiClientMessages, 'app.apiClient');
}
