import type { FieldT, JsonTemplateT } from '../../../domain/template/jsonTemplateSchema';
import type { ImageType, PassStyle } from '../../../domain/template/limits';
import type { Artwork, Rgb } from './demoArtwork';
import type { Sample } from './demoSamples';

/** One template of the demo project: how it looks, what its passes carry, and sample data for them. */
export interface DemoDesign {
  name: string;
  style: PassStyle;
  colours: { background: Rgb; foreground: Rgb; label: Rgb };
  artwork: Artwork;
  /** the images the style shows, drawn for the template */
  images: readonly ImageType[];
  /**
   * the style's fields and barcodes, and the layout it asks of today's iOS with its semantic tags; colours, names
   * and links are added by demoJsonTemplate
   */
  body: Pick<JsonTemplateT, 'logoText' | 'barcodes' | 'preferredStyleSchemes' | 'semantics'> & {
    fields: Partial<Record<FieldArea, FieldT[]>>;
  };
  /** the dynamic data schema: the Dynamic data form of every pass of the template */
  schema: Record<string, unknown>;
  /** the dynamic data of the demo pass number n */
  data(sample: Sample): Record<string, unknown>;
}

type FieldArea = 'headerFields' | 'primaryFields' | 'secondaryFields' | 'auxiliaryFields' | 'backFields';
