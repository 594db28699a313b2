/** An id as breadcrumbs, titles and short columns show it: its first group. */
export const shortId = (id: string) => id.split('-')[0];
