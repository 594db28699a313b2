import crypto from 'node:crypto';
import { EshopWriteSchema, eshopResource } from '../../../domain/schemas/eshop';
import type { PaymentGatewayWrite } from '../../../domain/schemas/paymentGateway';
import { defaultEshop } from '../../../domain/ticket/defaults';
import { freeOrderPrefix, prefixClash } from '../../../domain/ticket/orderPrefixes';
import { badField } from '../../kernel/http/errors';
import type { EshopRow } from '../../kernel/db/tables';
import { eshopRepository } from './eshopRepository';
import { projectRepository } from '../identity';
import type { CallContext, ResourceDefinition, WriteData } from '../../kernel/engine/resourceDefinition';
import { rowValuesOf } from '../../kernel/engine/rowValues';
import { gatewayAnswerOf, gatewayColumns } from './gateways/gatewaySettings';

/** Held by writes that choose or change an order prefix, so two of them never take clashing ones. */
export const ORDER_PREFIX_LOCK = 'eshop:orderPrefix';

/** A chosen prefix must clash with no other e-shop's (the same, or one starting the other): 400 naming the free one. */
async function checkPrefix(call: CallContext, prefix: string, exceptId?: string): Promise<void> {
  const others = await eshopRepository.orderPrefixes(call.app.db, exceptId);
  const taken = others.map((other) => other.orderPrefix);
  const clash = prefixClash(prefix, taken);
  if (clash === undefined) return;
  const owner = others.find((other) => other.orderPrefix === clash)?.name ?? '';
  const free = freeOrderPrefix(taken);
  throw badField('/orderPrefix', {
    en: `The order prefix ${prefix} clashes with ${clash} of the e-shop "${owner}": every ticket number must name one e-shop.${free ? ` ${free} is free.` : ''}`,
    cs: `Prefix objednávek ${prefix} se kryje s prefixem ${clash} e-shopu "${owner}": každé číslo vstupenky musí patřit jednomu e-shopu.${free ? ` Volný je ${free}.` : ''}`,
  });
}

/**
 * E-shops: read with TICKET_ESHOP_READ on their project; created, saved and deleted by admins only. Each has an order
 * prefix of its own (domain/ticket/orderPrefixes): a new e-shop without one gets the next free one. Its gateway's
 * secrets are sealed for it at rest (gateways/gatewaySettings) and answered only as set or not.
 */
export const eshopDefinition: ResourceDefinition = {
  descriptor: eshopResource,
  mergePatchFields: ['messages', 'email', 'styles', 'seller'],
  writeLock: (data) =>
    data?.orderPrefix !== undefined || data?.projectId !== undefined ? ORDER_PREFIX_LOCK : undefined,
  async authorizeCreate(call, data) {
    if (!(await projectRepository.isLive(call.app.db, String(data.projectId))))
      throw badField('/projectId', { en: 'The project was not found.', cs: 'Projekt nebyl nalezen.' });
    if (typeof data.orderPrefix === 'string') await checkPrefix(call, data.orderPrefix);
  },
  async authorizeUpdate(call, row, data) {
    if (data.projectId !== undefined && data.projectId !== row.projectId) {
      throw badField('/projectId', {
        en: 'An e-shop cannot move to another project: its orders and products belong there.',
        cs: 'E-shop nelze přesunout do jiného projektu: patří tam jeho objednávky a produkty.',
      });
    }
    if (typeof data.orderPrefix === 'string' && data.orderPrefix !== row.orderPrefix)
      await checkPrefix(call, data.orderPrefix, row.id);
  },
  async toInsert(call, data: WriteData) {
    const orderPrefix =
      typeof data.orderPrefix === 'string'
        ? data.orderPrefix
        : freeOrderPrefix(
            (await eshopRepository.orderPrefixes(call.app.db)).map((other) => other.orderPrefix),
          );
    if (orderPrefix === undefined)
      throw badField('/orderPrefix', {
        en: 'No order prefix is free: the 90 two-digit prefixes are taken (by live or deleted e-shops), and a longer one would start with one of them.',
        cs: 'Žádný prefix objednávek není volný: všech 90 dvoumístných prefixů je obsazeno (živými nebo smazanými e-shopy) a delší by jedním z nich začínal.',
      });
    const id = crypto.randomUUID();
    const values = { ...defaultEshop(String(data.projectId)), orderPrefix, ...data };
    return {
      ...rowValuesOf(EshopWriteSchema, values),
      id,
      ...gatewayColumns(call.app.certificateKeys, id, values.paymentGateway as PaymentGatewayWrite),
    };
  },
  toUpdate(call, row, data: WriteData) {
    const values = rowValuesOf(EshopWriteSchema, data);
    if (data.paymentGateway === undefined) return values;
    return {
      ...values,
      ...gatewayColumns(
        call.app.certificateKeys,
        row.id,
        data.paymentGateway as PaymentGatewayWrite,
        row as EshopRow,
      ),
    };
  },
  // the gateway's settings, and of its secrets only whether each is set
  computedFields: (_config, row) => ({ paymentGateway: gatewayAnswerOf(row as EshopRow) }),
};
