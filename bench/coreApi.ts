/**
 * POST /api/core/v1/{resource} with a token, for benchmark set-up; the created entity's id (anything but 201 throws).
 *
 * @example const projectId = await postCreated(url, token, 'project', { name: 'Bench' })
 */
export async function postCreated(
  url: string,
  token: string,
  resource: string,
  body: unknown,
): Promise<string> {
  const response = await fetch(`${url}/api/core/v1/${resource}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 201)
    throw new Error(`POST /v1/${resource}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}
