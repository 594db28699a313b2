/**
 * Identity: users, projects and their members, API clients, sessions and sign-in, OAuth 2 (the Yourpass
 * flows), the viewer of a request and the first administrator.
 *
 * What other features and the app (server/app.ts) may use of it; the rest is its own.
 */
export { apiClientDefinition } from './apiClientResource';
export { apiClientRoutes } from './apiClientRoutes';
export { authRoutes } from './authRoutes';
export { prepareFirstStart } from './firstStart';
export { identityRoutes } from './identityRoutes';
export { oauth2Routes } from './oauth2Routes';
export { projectRepository } from './projectRepository';
export { projectDefinition } from './projectResource';
export { userDefinition } from './userResource';
export { createViewerService } from './viewerService';
export { sessionRetention } from './sessionRetention';
