import { Type, type Static } from '@sinclair/typebox';
import { Uuid } from './common';

/**
 * What making the demo project answers (POST /api/core/v1/demo, and `npm run demo-data` prints it): the project,
 * whether an earlier demo was replaced, what was made in it, and the e-shop whose storefront is /shop/{eshopId}.
 */
export const DemoSummarySchema = Type.Object({
  projectId: Uuid({ description: 'the project "Demo"' }),
  replaced: Type.Boolean({ description: 'an earlier demo project was emptied and filled again' }),
  certificateId: Uuid({ description: 'the development signing certificate of its templates' }),
  templates: Type.Array(
    Type.Object({ id: Uuid(), name: Type.String(), style: Type.String({ description: 'the pass style' }) }),
    { description: 'one template per pass style' },
  ),
  passes: Type.Integer({ description: 'sample passes made (the order’s tickets not counted)' }),
  events: Type.Integer({ description: 'pass events over the last year' }),
  eshopId: Uuid({ description: 'the e-shop "Open Air Nights"; its storefront is /shop/{eshopId}' }),
  orderNumber: Type.String({ description: 'its paid order of two tickets, placed through the checkout' }),
});
export type DemoSummary = Static<typeof DemoSummarySchema>;
