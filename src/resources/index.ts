import apiClients from './apiClients';
import certificates from './certificates';
import images from './images';
import passes from './passes';
import projects from './projects';
import templates from './templates';
import users from './users';

/** Every resource of the console, by route name (`<area>/<resource>`): App registers each one. */
export const resources = {
  'identity/project': projects,
  'identity/user': users,
  'identity/apiClient': apiClients,
  'passes/pass': passes,
  'passes/template': templates,
  'passes/image': images,
  'passes/certificate': certificates,
};

export const resourceNames = Object.keys(resources);
