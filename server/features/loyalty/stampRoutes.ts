import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ErrorSchema, PageNumber } from '../../../domain/schemas/common';
import {
  PassChoiceSchema,
  StampAnswerSchema,
  StampedPassSchema,
  StampSchema,
  UndoAnswerSchema,
  stampRequestSchema,
} from '../../../domain/schemas/stamp';
import type { AppContext } from '../../kernel/appContext';
import { IdParamsSchema, listAnswerSchema } from '../../kernel/engine/listSchemas';
import { lookUpPass, stampPass, stampsOfCard, undoLastStamp } from './stampService';

const refusals = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };

/**
 * The till (admins and STAMP_MANAGE on the card's project): look a card up, stamp it, undo its last stamp, and the
 * card's list of stamps.
 */
export function stampRoutes(context: AppContext) {
  return async (app: FastifyInstance) => {
    const typed = app.withTypeProvider<TypeBoxTypeProvider>();
    const call = (viewer: Parameters<typeof lookUpPass>[0]['viewer']) => ({ app: context, viewer });

    typed.post(
      '/v1/stampCard/:id/pass',
      {
        schema: {
          operationId: 'findStampCardPass',
          summary: 'Find a pass of a stamp card',
          tags: ['stampCard'],
          description:
            'A pass of the card by its id or code: its holder, count and what remains to the reward.',
          params: IdParamsSchema,
          body: PassChoiceSchema,
          response: { 200: StampedPassSchema, ...refusals },
        },
      },
      (request) => lookUpPass(call(request.viewer), request.params.id, request.body),
    );

    typed.post(
      '/v1/stampCard/:id/stamp',
      {
        schema: {
          operationId: 'addStamps',
          summary: 'Add stamps to a pass',
          tags: ['stampCard'],
          description:
            "Adds 1 (or count) stamps to a pass of the card, atomically; at the card's count the reward is issued and the count starts again with the surplus.",
          params: IdParamsSchema,
          body: stampRequestSchema(context.config.stampMaxCount),
          response: { 200: StampAnswerSchema, ...refusals },
        },
      },
      (request) => stampPass(call(request.viewer), request.params.id, request.body),
    );

    typed.post(
      '/v1/stampCard/:id/stamp/undo',
      {
        schema: {
          operationId: 'undoStamp',
          summary: 'Take back the newest stamp',
          tags: ['stampCard'],
          description:
            "Takes back the pass's newest stamp of the card that is not undone; a reward it issued is voided.",
          params: IdParamsSchema,
          body: PassChoiceSchema,
          response: { 200: UndoAnswerSchema, ...refusals },
        },
      },
      (request) => undoLastStamp(call(request.viewer), request.params.id, request.body),
    );

    typed.get(
      '/v1/stampCard/:id/stamps',
      {
        schema: {
          operationId: 'listStamps',
          summary: 'List the stamps of a stamp card',
          tags: ['stampCard'],
          description: 'The stamps given on the card, newest first (undone ones too, with undoneAt).',
          params: IdParamsSchema,
          querystring: Type.Object({
            page: Type.Optional(PageNumber()),
            limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 25 })),
          }),
          response: { 200: listAnswerSchema(StampSchema), ...refusals },
        },
      },
      (request) =>
        stampsOfCard(
          call(request.viewer),
          request.params.id,
          request.query.page ?? 1,
          request.query.limit ?? 25,
        ),
    );
  };
}
