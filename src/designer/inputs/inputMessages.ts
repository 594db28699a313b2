/** The designer's inputs texts, under app.designer.inputs (English, Czech). */
export const inputMessages = {
  en: {},
  cs: {},
};
