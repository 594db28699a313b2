/**
 * Opens a PDF the API answers (read with the token, so not a plain link) in a new window: the window is opened at
 * once, in the click, so that no pop-up blocker stops it, and the PDF follows; a failed read closes it and throws.
 *
 * @example await openPdfWindow(() => dataProvider.getInvoice(order.id))
 */
export async function openPdfWindow(load: () => Promise<Blob>): Promise<void> {
  const target = window.open('', '_blank');
  try {
    const url = URL.createObjectURL(await load());
    if (target) target.location.href = url;
    else window.open(url, '_blank');
  } catch (error) {
    target?.close();
    throw error;
  }
}
