import { RESOURCES } from '../../../domain/resources';
import type { RightsRule } from '../../../domain/rights';

/**
 * The Czech words of the API's messages (the console in Czech sends `Accept-Language: cs`): the resources' names in
 * the cases the sentences need, the rules in words and the request summary (a field's problem in Czech is
 * domain/czechFieldProblem). The English words are where each
 * message is made; a message without Czech words stays English.
 */

type Gender = 'm' | 'f' | 'n';

interface CzechNoun {
  /** "pas" — who? what? */
  nominative: string;
  /** "pasu" — of whom? of what? */
  genitive: string;
  /** "pas" — whom? what? (after "smazat") */
  accusative: string;
  gender: Gender;
}

const noun = (nominative: string, genitive: string, accusative: string, gender: Gender): CzechNoun => ({
  nominative,
  genitive,
  accusative,
  gender,
});

/** The resources by their API name, named as the Czech console names them. */
const RESOURCE_NOUNS: Record<string, CzechNoun> = {
  pass: noun('pas', 'pasu', 'pas', 'm'),
  template: noun('šablona', 'šablony', 'šablonu', 'f'),
  image: noun('obrázek', 'obrázku', 'obrázek', 'm'),
  certificate: noun('certifikát', 'certifikátu', 'certifikát', 'm'),
  stampCard: noun('věrnostní karta', 'věrnostní karty', 'věrnostní kartu', 'f'),
  eshop: noun('e-shop', 'e-shopu', 'e-shop', 'm'),
  product: noun('produkt', 'produktu', 'produkt', 'm'),
  order: noun('objednávka', 'objednávky', 'objednávku', 'f'),
  orderItem: noun('položka objednávky', 'položky objednávky', 'položku objednávky', 'f'),
  ticketEntry: noun('vstup', 'vstupu', 'vstup', 'm'),
  project: noun('projekt', 'projektu', 'projekt', 'm'),
  user: noun('uživatel', 'uživatele', 'uživatele', 'm'),
  apiClient: noun('API klient', 'API klienta', 'API klienta', 'm'),
  webhook: noun('webhook', 'webhooku', 'webhook', 'm'),
  webhookDelivery: noun('doručení webhooku', 'doručení webhooku', 'doručení webhooku', 'n'),
  pushCampaign: noun('rozesílání', 'rozesílání', 'rozesílání', 'n'),
  job: noun('úloha na pozadí', 'úlohy na pozadí', 'úlohu na pozadí', 'f'),
  eshopVersion: noun('verze e-shopu', 'verze e-shopu', 'verzi e-shopu', 'f'),
  passLink: noun('odkaz na pas', 'odkazu na pas', 'odkaz na pas', 'm'),
  payment: noun('platba', 'platby', 'platbu', 'f'),
  trackedLink: noun('sledovaný odkaz', 'sledovaného odkazu', 'sledovaný odkaz', 'm'),
  refund: noun('vrácení peněz', 'vrácení peněz', 'vrácení peněz', 'n'),
};

/** Names that are no resource's label, to the keys above. */
const OTHER_NAMES: Record<string, string> = {
  'e-shop version': 'eshopVersion',
  'link of the pass': 'passLink',
  'tracked link': 'trackedLink',
};

/** The Czech noun of an English name ("E-shop", "order item", "Pass") or an API name ("orderItem"). */
function nounOf(what: string): CzechNoun | undefined {
  const lower = what.toLowerCase();
  const resource = RESOURCES.find(
    (descriptor) => descriptor.label.toLowerCase() === lower || descriptor.name.toLowerCase() === lower,
  );
  return RESOURCE_NOUNS[resource?.name ?? OTHER_NAMES[lower] ?? what];
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "nebyl nalezen", "nebyla nalezena", "nebylo nalezeno": the past of a noun's gender. */
const NOT_FOUND: Record<Gender, [string, string]> = {
  m: ['nebyl', 'nalezen'],
  f: ['nebyla', 'nalezena'],
  n: ['nebylo', 'nalezeno'],
};

/** "Pas nebyl nalezen.", "Šablona nebyla nalezena."; a name it does not know: "Záznam nebyl nalezen." */
export function czechNotFound(what: string): string {
  const name = nounOf(what);
  if (!name) return 'Záznam nebyl nalezen.';
  return `${capitalized(name.nominative)} ${NOT_FOUND[name.gender].join(' ')}.`;
}

/**
 * A referenced row the viewer may not know of: "Šablona (templateId) nebyla nalezena.", with the row it would belong
 * with "Šablona (templateId) nebyla v projektu věrnostní karty nalezena."
 */
export function czechReferenceNotFound(what: string, field: string, owner?: string): string {
  const name = nounOf(what);
  const ownerName = owner ? nounOf(owner) : undefined;
  const subject = `${name ? capitalized(name.nominative) : 'Záznam'} (${field})`;
  const [was, found] = NOT_FOUND[name?.gender ?? 'm'];
  const where = ownerName ? ` v projektu ${ownerName.genitive}` : '';
  return `${subject} ${was}${where} ${found}.`;
}

/** "právo PASS_UPDATE", "práva TICKET_PRODUCT_MANAGE a TICKET_ESHOP_READ", "jedno z práv A nebo B". */
export function czechRuleInWords(rule: RightsRule): string {
  if ('nobody' in rule) return rule.nobody;
  if ('admin' in rule) return 'práva administrátora';
  if ('member' in rule) return 'členství v projektu';
  const names = 'anyOf' in rule ? rule.anyOf : rule.allOf;
  if (names.length === 1) return `právo ${names[0]}`;
  const list = names.slice(0, -1).join(', ');
  const last = names[names.length - 1];
  return 'anyOf' in rule ? `jedno z práv ${list} nebo ${last}` : `práva ${list} a ${last}`;
}

const CZECH_ACTIONS = { create: 'Vytvoření', update: 'Úprava', delete: 'Smazání' } as const;
const CZECH_VERBS = { create: 'vytvořit', update: 'upravit', delete: 'smazat' } as const;

/** Where the rule must hold, in Czech (the English words of server/kernel/engine/accessRules). */
const CZECH_WHERE: Record<string, string> = {
  'its project': 'projektu, do kterého patří',
  it: 'tomto projektu',
  'the parent project': 'nadřazeném projektu',
};

function czechWhere(where: string): string {
  const known = CZECH_WHERE[where];
  if (known) return known;
  // "its template's project", "its e-shop's project"
  const owner = /^its (.+)'s project$/.exec(where)?.[1];
  const ownerName = owner ? nounOf(owner) : undefined;
  return ownerName
    ? `projektu příslušné${ownerName.gender === 'f' ? '' : 'ho'} ${ownerName.genitive}`
    : where;
}

/**
 * A declaration's refusal in Czech: "Úprava pasu vyžaduje právo PASS_UPDATE na projektu, do kterého patří.",
 * "Smazat projekt může jen administrátor."; undefined for a resource it does not name or a rule with its own words.
 */
export function czechRefusal(
  resource: string,
  action: 'create' | 'update' | 'delete',
  rule: RightsRule,
  where?: string,
): string | undefined {
  const name = RESOURCE_NOUNS[resource];
  if (!name || 'nobody' in rule) return undefined;
  if ('admin' in rule)
    return `${capitalized(CZECH_VERBS[action])} ${name.accusative} může jen administrátor.`;
  return `${CZECH_ACTIONS[action]} ${name.genitive} vyžaduje ${czechRuleInWords(rule)}${where ? ` na ${czechWhere(where)}` : ''}.`;
}

export const CZECH_FORBIDDEN = 'K této akci nemáte právo.';

/** Where a request's problem is, after "Neplatný požadavek". */
const CZECH_CONTEXTS: Record<string, string> = {
  body: '',
  querystring: ' v parametrech adresy',
  params: ' v adrese',
  headers: ' v hlavičkách',
};

/** 'Neplatný požadavek: "name" nesmí být prázdné.' */
export function czechRequestSummary(context: string, parts: string[]): string {
  return `Neplatný požadavek${CZECH_CONTEXTS[context] ?? ` (${context})`}: ${parts.join('; ')}.`;
}
