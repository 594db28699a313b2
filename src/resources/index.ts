import apiClients from './apiClients';
import certificates from './certificates';
import eshops from './eshops';
import images from './images';
import orderItems from './orderItems';
import orders from './orders';
import passes from './passes';
import products from './products';
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
  'ticket/ticketEshop': eshops,
  'ticket/ticketProduct': products,
  'ticket/ticketOrder': orders,
  'ticket/ticketOrderItem': orderItems,
};

export const resourceNames = Object.keys(resources);
