import type { Image } from '../../domain/schemas/image';
import { P1 } from './harness';

/** An image of project P1 as the API answers it; the index makes its id and name. */
export const anImage = (index: number, overrides: Partial<Image> = {}): Image => {
  const id = `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
  return {
    id,
    name: `Logo ${index}`,
    projectId: P1,
    type: 'logo',
    url: `/p/image/${id}`,
    mimeType: 'image/png',
    width: 200,
    height: 100,
    fileSize: 2048,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    deletedAt: null,
    ...overrides,
  };
};
