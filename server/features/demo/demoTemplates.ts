import { systemActor } from '../../kernel/engine/auditTrail';
import type { JsonTemplateT } from '../../../domain/template/jsonTemplateSchema';
import type { ImageType } from '../../../domain/template/limits';
import { validateTemplate } from '../../../domain/template/validateTemplate';
import type { AppContext } from '../../kernel/appContext';
import { demoRepository } from './demoRepository';
import { storeImage } from '../passes';
import { drawArtwork, type Rgb } from './demoArtwork';
import type { DemoDesign } from './demoDesign';

const LANGUAGES = ['en'];
const rgb = ([red, green, blue]: Rgb) => `rgb(${red},${green},${blue})`;

/** The template's pass.json: its colours, names, fields and barcode, and the links on the back. */
export function demoJsonTemplate(design: DemoDesign, links: readonly string[]): JsonTemplateT {
  const { fields, ...rest } = design.body;
  const linkFields = links.map((url, index) => ({
    key: `link${index}`,
    label: `Link ${index + 1}`,
    attributedValue: `<a href="${url}">${url}</a>`,
    value: url,
  }));
  return {
    ...rest,
    organizationName: design.body.logoText ?? design.name,
    description: design.name,
    backgroundColor: rgb(design.colours.background),
    foregroundColor: rgb(design.colours.foreground),
    labelColor: rgb(design.colours.label),
    [design.style]: {
      ...(design.style === 'boardingPass' ? { transitType: 'PKTransitTypeTrain' } : {}),
      ...fields,
      backFields: [...(fields.backFields ?? []), ...linkFields],
    },
  };
}

/**
 * The pictures drawn so far in this process, by design and type: the same every run (about 4 s of CPU to draw them
 * all), so that making the demo again from the console skips the drawing.
 */
const drawn = new Map<string, Buffer>();
function artworkOf(design: DemoDesign, type: ImageType): Buffer {
  const key = `${design.name}/${type}`;
  const data = drawn.get(key) ?? drawArtwork(type, design.artwork);
  drawn.set(key, data);
  return data;
}

/** A demo template as created: what its passes need. */
export interface DemoTemplate {
  id: string;
  updatedAt: Date;
  design: DemoDesign;
}

/**
 * Draws the design's pictures into the project's images (checked and stored as uploads are) and saves the
 * template, signed with the given certificate. A design that spec section 5 would refuse stops the run.
 *
 * @example const template = await createDemoTemplate(context, projectId, certificateId, design, LINKS)
 */
export async function createDemoTemplate(
  app: AppContext,
  projectId: string,
  certificateId: string,
  design: DemoDesign,
  links: readonly string[],
): Promise<DemoTemplate> {
  const images: Record<string, string> = {};
  for (const type of design.images) {
    const image = await storeImage(app, systemActor('demo data'), {
      projectId,
      type,
      name: `${design.name} ${type}`,
      fileName: `${type}.png`,
      mimeType: 'image/png',
      data: artworkOf(design, type),
    });
    images[type] = image.id;
  }
  const jsonTemplate = demoJsonTemplate(design, links);
  const { errors } = validateTemplate({
    jsonTemplate,
    languages: LANGUAGES,
    dynamicDataJsonSchema: design.schema,
    images,
  });
  if (errors.length)
    throw new Error(
      `The demo template "${design.name}" is invalid: ${errors.map((error) => `${error.path} ${error.message}`).join('; ')}`,
    );
  const row = await demoRepository.insertTemplate(app.db, {
    name: design.name,
    projectId,
    certificateId,
    jsonTemplate,
    dynamicDataJsonSchema: design.schema,
    languages: LANGUAGES,
    images,
  });
  return { ...row, design };
}
