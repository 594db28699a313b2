/**
 * Passes: templates, passes, images and signing certificates as resources; the Apple Wallet package
 * (pkpass/: resolve, sign, cache), pre-flight checks, dynamic data, public links of a pass, and the announcement
 * that a pass changed (onPassChange, announcePassChange), or many of them at once (onPassChanges).
 *
 * What other features and the app (server/app.ts) may use of it; the rest is its own.
 */
export { appStoreRoutes } from './appStoreRoutes';
export { certificateRepository } from './certificates/certificateRepository';
export { certificateDefinition } from './certificates/certificateResource';
export { certificateRoutes } from './certificates/certificateRoutes';
export { selfSignedCertificate } from './certificates/developmentCertificate';
export { createKeyAndRequest, describeCertificate } from './certificates/signingCertificate';
export { onTemplatesResigned } from './certificates/templatesResigned';
export { certificateExpiryWarnings } from './certificates/certificateExpiryWarnings';
export { refuseExpiredCertificate } from './certificates/certificateExpiry';
export { dynamicDataProblems } from './dynamicDataValidator';
export { imageRepository } from './images/imageRepository';
export { imageDefinition } from './images/imageResource';
export { imageUploadRoutes } from './images/imageRoutes';
export { storeImage } from './images/imageUpload';
export { PNG_SIGNATURE, pngChunk } from './images/pngChunks';
export { paintPng, type Paint, type Rgba } from './images/pngPainter';
export { damagedImage, readStoredImage } from './images/storedImages';
export {
  announcePassChange,
  onPassChange,
  onPassChanges,
  type PassChangeBatch,
  type PassChangesListener,
} from './passChanges';
export { passImportRoutes } from './import/passImportRoutes';
export { passImportRetention } from './import/passImportRetention';
export { passContent, type PassContent } from './passContent';
export { passRepository, type NewTemplatePass } from './passRepository';
export { passDefinition } from './passResource';
export { createPassPackager } from './pkpass/passPackager';
export type { GoogleWallet, PassPackager, SignedPass } from './pkpass/walletTypes';
export { pkpassBytes } from './pkpass/walletTypes';
export { preflightRoutes } from './preflightRoutes';
export { passLink, publicImageLink, templateLink } from './publicLinks';
export { templateRepository } from './templateRepository';
export { templateDefinition } from './templateResource';
