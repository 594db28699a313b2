import { Type, type Static } from '@sinclair/typebox';

/** /config.json: what the console reads at start to find its APIs and describe its environment. */
export const ConsoleConfigSchema = Type.Object({
  coreApi: Type.String(),
  ticketApi: Type.String(),
  passBase: Type.String(),
  docsUrl: Type.String(),
  issueUrl: Type.String(),
  supportEmail: Type.String(),
  environment: Type.String(),
  environmentColor: Type.String(),
  version: Type.String(),
  buildTime: Type.String(),
  /** tile address of the designer's location map, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png; empty: no map */
  mapTileUrl: Type.String(),
  /** the checkout pays through the simulated bank (no money is taken): the ticket screens say so */
  simulatedPayments: Type.Boolean(),
});
export type ConsoleConfig = Static<typeof ConsoleConfigSchema>;
