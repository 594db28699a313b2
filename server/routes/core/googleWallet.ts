import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Right, can } from '../../../domain/rights';
import { ErrorSchema } from '../../../domain/schemas/common';
import type { AppContext } from '../../appContext';
import { readableRow } from '../../engine/crudService';
import { IdParamsSchema } from '../../engine/listSchemas';
import { HttpError, forbidden } from '../../http/errors';
import { passDefinition } from '../../resources/pass';
import { templateDefinition } from '../../resources/template';
import { updatesTemplateObjects } from '../../wallet/google/googleWallet';

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

const TemplateObjectsSummarySchema = Type.Object({
  passes: Type.Integer({ description: 'live passes of the template' }),
  updated: Type.Integer({ description: 'Google Wallet objects updated' }),
  missing: Type.Integer({ description: 'passes never saved to Google Wallet (no object to update)' }),
  failed: Type.Integer({ description: 'passes whose object could not be built or updated' }),
});

/** Save to Google Wallet: a pass's signed JWT and link, and the update of a template's saved objects. */
export function googleWalletRoutes(context: AppContext) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<TypeBoxTypeProvider>();

    routes.get(
      '/v1/pass/:id/savetogooglepay',
      {
        schema: {
          tags: ['pass'],
          description:
            "The pass's signed 'Save to Google Wallet' JWT and link, from its template's Save to Google Pay object template (PASS_READ).",
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
          tags: ['template'],
          description:
            "Updates, through Google Wallet's API, the objects of the template's live passes to its current Save to Google Pay object template (TEMPLATE_UPDATE).",
          params: IdParamsSchema,
          response: { 200: TemplateObjectsSummarySchema, ...errors },
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
        const wallet = context.googleWallet;
        if (!updatesTemplateObjects(wallet))
          throw new HttpError(503, {
            en: 'Google Wallet cannot update saved objects on this server.',
            cs: 'Google Wallet na tomto serveru nemůže aktualizovat uložené objekty.',
          });
        return wallet.updateTemplateObjects(template.id);
      },
    );
  };
}
