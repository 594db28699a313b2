import crypto from 'node:crypto';
import { problemAt } from '../../../../domain/problem';
import type { ServerConfig } from '../../../kernel/config';
import type { ImageRow } from '../../../kernel/db/tables';
import type { StoredImage } from '../images/storedImages';
import { publicImageLink } from '../publicLinks';
import type { Problem } from './problems';
import { asRecord } from './jsonParts';

/** An image Wallet downloads for an upcoming event (Apple's ImageURLEntry). */
export interface ImageUrlEntry {
  URL: string;
  SHA256: string;
  size: number;
  scale: number;
}

/** The download entry of a live image of the pass's project by id, else undefined. */
export type ImageLinks = (imageId: string) => ImageUrlEntry | undefined;

const SLOTS = ['headerImage', 'venueMap'] as const;

const eventsOf = (json: unknown) => {
  const events = asRecord(json).upcomingPassInformation;
  return Array.isArray(events) ? events.map(asRecord) : [];
};

/**
 * The ids of the project's images the upcoming events of a template show, to be read with the pass's own.
 *
 * @example upcomingImageIds(template.jsonTemplate) // ['1b4e…']
 */
export function upcomingImageIds(jsonTemplate: unknown): string[] {
  return eventsOf(jsonTemplate).flatMap((event) =>
    SLOTS.map((slot) => asRecord(asRecord(event.images)[slot]).imageId).filter(
      (id): id is string => typeof id === 'string',
    ),
  );
}

/**
 * Download entries of images from their rows and checked files: our public image route, the bytes' SHA-256 and
 * size; the stored image is the @2x, as in the bundle. A missing, deleted or damaged image has none.
 *
 * @example const links = imageLinksOf(sources.images, imageFiles, config)
 */
export function imageLinksOf(
  rows: ReadonlyMap<string, ImageRow>,
  files: ReadonlyMap<string, StoredImage>,
  config: Pick<ServerConfig, 'passBase' | 'publicUrl'>,
): ImageLinks {
  return (id) => {
    const file = files.get(id);
    if (!rows.has(id) || file?.state !== 'usable') return undefined;
    return {
      URL: publicImageLink(config, id),
      SHA256: crypto.createHash('sha256').update(file.data).digest('hex'),
      size: file.data.byteLength,
      scale: 2,
    };
  };
}

/**
 * Turns the upcoming events' `{imageId}` into Apple's `{URLs: [ImageUrlEntry]}`; an image that is not a live,
 * usable one of the project is an error naming it. Without links (a view for people), the images are left out.
 *
 * @example const errors = withUpcomingImages(passJson, links)
 */
export function withUpcomingImages(json: Record<string, unknown>, links: ImageLinks | undefined): Problem[] {
  const errors: Problem[] = [];
  eventsOf(json).forEach((event, index) => {
    const images = asRecord(event.images);
    for (const slot of SLOTS) {
      const id = asRecord(images[slot]).imageId;
      if (typeof id !== 'string') continue;
      const entry = links?.(id);
      if (entry) images[slot] = { URLs: [entry] };
      else delete images[slot];
      if (links && !entry)
        errors.push(
          problemAt(`/jsonTemplate/upcomingPassInformation/${index}/images/${slot}/imageId`, {
            en: `The ${slot} image of the upcoming event "${String(event.identifier)}" (${id}) is not a usable image of the template's project: choose another one.`,
            cs: `Obrázek ${slot} nadcházející události "${String(event.identifier)}" (${id}) není použitelný obrázek projektu šablony: vyberte jiný.`,
          }),
        );
    }
    if (event.images !== undefined && Object.keys(images).length === 0) delete event.images;
  });
  return errors;
}
