/** Initials of a name ("Jane Doe" → "JD"), or of an e-mail's local part when there is no name. */
export function initialsOf(name: string | undefined, email: string | undefined): string {
  const source = name?.trim() || email?.split('@')[0] || '';
  const words = source.split(/[\s._-]+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word[0].toUpperCase())
    .join('');
}

/**
 * The Gravatar address of an e-mail: SHA-256 of the trimmed, lower-cased address. `d=blank` answers a transparent
 * picture for an address without one, so no request fails (and none is logged) and the initials drawn beneath it
 * show through. Null where crypto.subtle is unavailable.
 *
 * @example await gravatarUrl('Jane@Example.com') // https://www.gravatar.com/avatar/<sha256>?d=blank&s=80
 */
export async function gravatarUrl(email: string, size = 80): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle || !email) return null;
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(email.trim().toLowerCase()));
  const hex = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `https://www.gravatar.com/avatar/${hex}?d=blank&s=${size}`;
}
