/** The designer's fields texts, under app.designer.fields (English, Czech). */
export const fieldMessages = {
  en: {},
  cs: {},
};
