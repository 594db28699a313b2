import { Type, type Static } from '@sinclair/typebox';

/** The formats of a pass's public link; none is the pass's page. */
export const PASS_FORMATS = ['pkpass', 'pdf', 'qrcode', 'savetogooglepayjwt'] as const;
export type PassFormat = (typeof PASS_FORMATS)[number];

/** Any text: an id that is not a UUID answers 404 as an unknown one, not 400. */
export const PassParamsSchema = Type.Object({ id: Type.String() });
export const TemplateParamsSchema = Type.Object({ templateId: Type.String() });

export const PassQuerySchema = Type.Object({
  format: Type.Optional(
    Type.String({ description: `One of ${PASS_FORMATS.join(', ')}; none: the pass's page.` }),
  ),
  tag: Type.Optional(
    Type.String({
      description: 'Campaign tag for the reports: 1 to 64 of A-Z a-z 0-9 _ . - (else ignored).',
    }),
  ),
  paper: Type.Optional(Type.String({ description: 'format=pdf: A4 (default) or A6.' })),
});
export type PassQuery = Static<typeof PassQuerySchema>;

export const TemplateQuerySchema = Type.Object({
  format: Type.Optional(Type.String({ description: "qrcode: PNG of the link; none: the template's page." })),
  tag: PassQuerySchema.properties.tag,
});

/** Parts of a format value that are safe to repeat in a message. */
export const shownFormat = (format: string) => format.replace(/[^A-Za-z0-9_.-]/g, '').slice(0, 40);
