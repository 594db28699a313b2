import { Right, can, canAnywhere } from '../../../domain/rights';
import type { PassChoice } from '../../../domain/schemas/stamp';
import type { Db } from '../../kernel/db/database';
import type { StampCardRow } from '../../kernel/db/tables';
import { readableRow } from '../../kernel/engine/crudService';
import type { CallContext } from '../../kernel/engine/resourceDefinition';
import { HttpError, badRequest, conflict, forbidden } from '../../kernel/http/errors';
import { stampCardDefinition } from './stampCardResource';
import { stampRepository, type PassOfCard } from './stampRepository';
import { templateRepository } from '../passes';
import { barcodeMessages, passIdInCode, valuesInCode } from './passCodes';

// What a till call works on: the stamp card the viewer may stamp, the pass a code names, its holder.

const UNKNOWN_CODE = {
  en: 'No pass of this stamp card has this code.',
  cs: 'Žádný pas této věrnostní karty nemá tento kód.',
};
const STAMPING_NEEDS = {
  en: "Stamping needs the STAMP_MANAGE right on the stamp card's project.",
  cs: 'Razítkování vyžaduje právo STAMP_MANAGE na projektu věrnostní karty.',
};

/**
 * The stamp card of a till call: the viewer holds STAMP_MANAGE somewhere (else 403) and on the card's project (a card
 * of another project answers 404, as if missing).
 */
export async function cardOf(call: CallContext, cardId: string): Promise<StampCardRow> {
  if (!canAnywhere(call.viewer, Right.STAMP_MANAGE)) throw forbidden(STAMPING_NEEDS);
  const row = await readableRow(stampCardDefinition, call, cardId);
  const card = row;
  if (!can(call.viewer, Right.STAMP_MANAGE, card.projectId)) throw forbidden(STAMPING_NEEDS);
  return card;
}

function passIdOrCode(choice: PassChoice): { passId: string } | { code: string } {
  if (choice.passId !== undefined && choice.code === undefined) return { passId: choice.passId };
  if (choice.code !== undefined && choice.passId === undefined && choice.code.trim() !== '')
    return { code: choice.code.trim() };
  throw badRequest(
    {
      en: 'Name the pass by passId or by code (one of them).',
      cs: 'Určete pas buď jeho id (passId), nebo kódem (code), jedním z nich.',
    },
    [
      {
        path: '',
        message: 'Send either passId or a non-blank code.',
        cs: 'Pošlete buď passId, nebo neprázdný kód.',
      },
    ],
  );
}

/** The pass of a template whose barcode, filled from its dynamic data, reads the code. */
async function passOfTemplateCode(db: Db, templateId: string, code: string): Promise<PassOfCard | undefined> {
  const template = await templateRepository.findLive(db, templateId);
  for (const values of valuesInCode(barcodeMessages(template?.jsonTemplate), code)) {
    const passes = await stampRepository.findPassesByValues(db, templateId, values);
    if (passes.length > 1 && passes[1].deletedAt === null)
      throw conflict({
        en: 'More than one pass of this stamp card has this code; use the pass id instead.',
        cs: 'Tento kód má více pasů této věrnostní karty; použijte místo něj id pasu.',
      });
    if (passes.length) return passes[0];
  }
  return undefined;
}

/**
 * The pass a code names: by its id or link, else by the values the card template's barcode message puts in it, else
 * a reward of the card by its barcode (`#{rewardCode}`), which a till scans by mistake for the card.
 */
async function passOfCode(db: Db, card: StampCardRow, code: string): Promise<PassOfCard | undefined> {
  const id = passIdInCode(code);
  if (id) return stampRepository.findPass(db, id);
  const pass = await passOfTemplateCode(db, card.templateId, code);
  if (pass || !card.rewardTemplateId || card.rewardTemplateId === card.templateId) return pass;
  return passOfTemplateCode(db, card.rewardTemplateId, code);
}

/** A reward of the card brought to the till instead of the card: 409 saying so (and whether it was voided). */
function refuseReward(pass: PassOfCard): never {
  throw conflict({
    en: `This is a reward of this stamp card, not the card: scan the customer's card to give stamps.${pass.voided ? ' The reward was voided.' : ''}`,
    cs: `Toto je odměna této věrnostní karty, ne karta: pro razítka naskenujte kartu zákazníka.${pass.voided ? ' Odměna byla zneplatněna.' : ''}`,
  });
}

/**
 * The pass of the card that a till call names, able to collect stamps: a pass of another template or project, an
 * unknown code: 404 (the same answer); a deleted or voided pass, a reward of the card: 409.
 */
export async function passOfCard(db: Db, card: StampCardRow, choice: PassChoice): Promise<PassOfCard> {
  const named = passIdOrCode(choice);
  const pass =
    'passId' in named
      ? await stampRepository.findPass(db, named.passId)
      : await passOfCode(db, card, named.code);
  const ofProject = pass?.projectId === card.projectId;
  if (pass && ofProject && pass.templateId !== card.templateId && pass.templateId === card.rewardTemplateId)
    refuseReward(pass);
  if (!pass || pass.templateId !== card.templateId || !ofProject) throw new HttpError(404, UNKNOWN_CODE);
  if (pass.deletedAt)
    throw conflict({
      en: 'This pass was deleted: it collects no stamps.',
      cs: 'Tento pas byl smazán: razítka už nesbírá.',
    });
  if (pass.voided)
    throw conflict({
      en: 'This pass is voided: it collects no stamps.',
      cs: 'Tento pas je zneplatněný: razítka nesbírá.',
    });
  return pass;
}

const NUMBER_TYPES = ['integer', 'number'];

/**
 * Why the card's template cannot hold the count in its dynamic data (the pass would no longer match its schema and
 * could not be edited), or undefined when it can: the field, when declared, must be a number; undeclared, the schema
 * must allow other fields.
 */
export function countFieldProblem(schema: unknown, field: string): string | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const { properties, additionalProperties } = schema as {
    properties?: Record<string, { type?: unknown }>;
    additionalProperties?: unknown;
  };
  const declared = properties?.[field];
  if (declared) {
    const types = Array.isArray(declared.type) ? declared.type : [declared.type];
    if (declared.type === undefined || types.some((type) => NUMBER_TYPES.includes(String(type))))
      return undefined;
    return `The dynamic data schema of the card's template declares "${field}" as ${types.join(' or ')}: make it an integer to count stamps.`;
  }
  if (additionalProperties === false)
    return `The dynamic data schema of the card's template has no field "${field}" for the count: add it as an integer.`;
  return undefined;
}

const NAME_KEY = /name/i;

/** The holder as the pass's dynamic data names them: its top-level text fields named *name*, joined. */
export function holderOf(dynamicData: unknown): string | null {
  if (typeof dynamicData !== 'object' || dynamicData === null || Array.isArray(dynamicData)) return null;
  const parts = Object.entries(dynamicData)
    .filter(([key, value]) => NAME_KEY.test(key) && typeof value === 'string' && value.trim() !== '')
    .map(([, value]) => (value as string).trim());
  return parts.length ? parts.join(' ') : null;
}
