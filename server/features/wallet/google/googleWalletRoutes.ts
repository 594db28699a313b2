import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Right, can } from '../../../../domain/rights';
import { ErrorSchema } from '../../../../domain/schemas/common';
import type { AppContext } from '../../../kernel/appContext';
import { readableRow } from '../../../kernel/engine/crudService';
import { IdParamsSchema } from '../../../kernel/engine/listSchemas';
import { forbidden } from '../../../kernel/http/errors';
import { passDefinition, templateDefinition } from '../../passes';
import { installGoogleWalletJobs, queueTemplateObjectUpdates } from './googleWalletJobs';

const errors = {
  401: ErrorSchema,
  403: ErrorSchema,
  404: ErrorSchema,
  409: ErrorSchema,
  502: ErrorSchema,
  503: ErrorSchema,
};

const SaveLinkSchema = Type.Object({
  jwt: Type.String({ description: "the signed 'Save to Google Wallet' JWT" }),
  url: Type.String({ description: 'https://pay.google.com/gp/v/save/{jwt}' }),
});

const TemplateObjectsQueuedSchema = Type.Object({
  passes: Type.Integer({
    description: 'live passes of the template: an update of its object is queued for each',
  }),
  jobId: Type.Optional(
    Type.String({
      format: 'uuid',
      description: 'the googleTemplate job that saves the class and queues one googlePass job per pass',
    }),
  ),
});

/**
 * Save to Google Wallet: a pass's signed JWT and link, and the update of a template's saved objects (queued: the
 * handlers of the Google Wallet jobs are registered here).
 */
export function googleWalletRoutes(context: AppContext) {
  return async (app: FastifyInstance) => {
    installGoogleWalletJobs(context);
    const routes = app.withTypeProvider<TypeBoxTypeProvider>();

    routes.get(
      '/v1/pass/:id/savetogooglepay',
      {
        schema: {
          operationId: 'getPassGoogleWalletLink',
          summary: "Get a pass's Save to Google Wallet link",
          tags: ['pass'],
          description:
            "The pass's signed 'Save to Google Wallet' JWT and link, from its template's Save to Google Pay object template, or for an event ticket template without one, an event ticket built from its semantics; with the template's rotating barcode (googleWallet.rotatingBarcode) the object's barcode rotates (PASS_READ).",
          params: IdParamsSchema,
          response: { 200: SaveLinkSchema, ...errors },
        },
      },
      async (request) => {
        const pass = await readableRow(
          passDefinition,
          { app: context, viewer: request.viewer },
          request.params.id,
        );
        return context.googleWallet.saveLink(pass.id);
      },
    );

    routes.get(
      '/v1/template/:id/savetogooglepay',
      {
        schema: {
          operationId: 'updateTemplateGoogleWalletObjects',
          summary: "Update the Google Wallet objects of a template's passes",
          tags: ['template'],
          description:
            "Queues the update, through Google Wallet's API, of the objects of the template's live passes (and of its class, when described) to its current Save to Google Pay object template (TEMPLATE_UPDATE), and answers at once: " +
            '{passes, jobId}, the live passes whose objects will be updated and the googleTemplate job that queues one googlePass job per pass (admins follow them in Background jobs: retried with backoff; a pass never saved to Google Wallet is done, a refusal by Google fails its job with the reason). ' +
            'Before queueing it answers 409 for a missing or unusable object template, 503 when Google Wallet is not configured, 502 when Google refuses the service account. Changed: it used to update the objects before answering {passes, updated, missing, failed}.',
          params: IdParamsSchema,
          response: { 200: TemplateObjectsQueuedSchema, ...errors },
        },
      },
      async (request) => {
        const call = { app: context, viewer: request.viewer };
        const template = await readableRow(templateDefinition, call, request.params.id);
        if (!can(request.viewer, Right.TEMPLATE_UPDATE, String(template.projectId)))
          throw forbidden({
            en: "Updating a template's Google Wallet objects needs the TEMPLATE_UPDATE right on its project.",
            cs: 'Aktualizace objektů Google Wallet šablony vyžaduje právo TEMPLATE_UPDATE na jejím projektu.',
          });
        return queueTemplateObjectUpdates(context, template.id);
      },
    );
  };
}
