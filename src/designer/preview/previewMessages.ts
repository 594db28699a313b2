/** The designer's preview texts, under app.designer.preview (English, Czech). */
export const previewMessages = {
  en: {},
  cs: {},
};
