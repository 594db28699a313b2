/**
 * Wallets: Apple Wallet's web service (registrations, updates, log), pushes to devices over APNs with
 * their results, and Google Wallet (classes, objects, Save to Google Wallet links, its jobs, its save and delete
 * callbacks).
 *
 * What other features and the app (server/app.ts) may use of it; the rest is its own.
 */
export { callbackNonceRetention } from './google/callbacks/callbackNonceRetention';
export { googleCallbackRoutes } from './google/callbacks/googleCallbackRoutes';
export { createGoogleWallet } from './google/googleWallet';
export { googleWalletRoutes } from './google/googleWalletRoutes';
export { checkRotatingCode, rotatingKeysOf, rotationOf } from './google/rotatingBarcode';
export { googleWalletOfferColumns, offersGoogleWallet, type GoogleWalletOffer } from './google/templateOffer';
export { pushCampaignRoutes } from './push/pushCampaignRoutes';
export { pushResultRoutes } from './push/pushResultRoutes';
export { templatePushRoutes } from './push/templatePushRoutes';
export { walletLogRetention } from './walletLogRetention';
export { pushRetention } from './push/pushRetention';
export { walletRoutes } from './webService/webServiceRoutes';
