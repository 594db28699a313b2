import type { ResourceDescriptor } from './resource';
import { apiClientResource } from './schemas/apiClient';
import { certificateResource } from './schemas/certificate';
import { eshopResource } from './schemas/eshop';
import { imageResource } from './schemas/image';
import { jobResource } from './schemas/job';
import { orderResource } from './schemas/order';
import { orderItemResource } from './schemas/orderItem';
import { passResource } from './schemas/pass';
import { productResource } from './schemas/product';
import { projectResource } from './schemas/project';
import { pushCampaignResource } from './schemas/pushCampaign';
import { refundResource } from './schemas/refund';
import { stampCardResource } from './schemas/stampCard';
import { templateResource } from './schemas/template';
import { ticketEntryResource } from './schemas/ticketEntry';
import { userResource } from './schemas/user';
import { webhookDeliveryResource, webhookResource } from './schemas/webhook';

/**
 * Every resource's declaration, in the order of the console's menu: the server
 * serves each one, the console registers, lists in its menu and grants access to each one from it.
 */
export const RESOURCES: readonly ResourceDescriptor[] = [
  passResource,
  templateResource,
  pushCampaignResource,
  imageResource,
  certificateResource,
  stampCardResource,
  eshopResource,
  productResource,
  orderResource,
  orderItemResource,
  refundResource,
  ticketEntryResource,
  projectResource,
  userResource,
  apiClientResource,
  webhookResource,
  webhookDeliveryResource,
  jobResource,
];

/** The declaration of a resource by its API name (`orderItem`). */
export const resourceNamed = (name: string) => RESOURCES.find((resource) => resource.name === name);
