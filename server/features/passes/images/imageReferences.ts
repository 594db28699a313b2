import { badRequest, type FieldError } from '../../../kernel/http/errors';
import type { Db } from '../../../kernel/db/database';
import { imageRepository } from './imageRepository';

interface Reference {
  path: string;
  type: string;
  id: string;
}

function referencesOf(images: Record<string, unknown>, pointer: string): Reference[] {
  const references: Reference[] = [];
  for (const [type, value] of Object.entries(images)) {
    if (typeof value === 'string') references.push({ path: `${pointer}/${type}`, type, id: value });
    else if (value && typeof value === 'object')
      for (const [language, id] of Object.entries(value))
        references.push({ path: `${pointer}/${type}/${language}`, type, id: String(id) });
  }
  return references;
}

/**
 * Every image a template (`images`) or a pass (`dynamicImages`) points to must be a live image of its project,
 * of the type of the place it fills; an icon is never translated. Throws 400 with the problems by path.
 *
 * @example await checkImageReferences(db, projectId, { logo: id }, '/dynamicImages')
 */
export async function checkImageReferences(
  db: Db,
  projectId: string,
  images: Record<string, unknown> | null | undefined,
  pointer: '/images' | '/dynamicImages',
): Promise<void> {
  if (!images) return;
  const problems: FieldError[] = [];
  if (images.icon !== undefined && typeof images.icon === 'object')
    problems.push({
      path: `${pointer}/icon`,
      message: 'Icon images cannot be translated',
      cs: 'Obrázky ikon nelze překládat',
    });
  const references = referencesOf(images, pointer);
  const types = await imageRepository.liveTypesInProject(db, projectId, [
    ...new Set(references.map((ref) => ref.id)),
  ]);
  for (const reference of references) {
    const type = types.get(reference.id);
    if (type === undefined)
      problems.push({
        path: reference.path,
        message: 'The image was not found in this project.',
        cs: 'Obrázek v tomto projektu nebyl nalezen.',
      });
    else if (type !== reference.type)
      problems.push({
        path: reference.path,
        message: `An image of type ${reference.type} is needed here; this one is of type ${type}.`,
        cs: `Zde je potřeba obrázek typu ${reference.type}; tento je typu ${type}.`,
      });
  }
  if (problems.length)
    throw badRequest(
      { en: 'Some images cannot be used here.', cs: 'Některé obrázky zde nelze použít.' },
      problems,
    );
}
