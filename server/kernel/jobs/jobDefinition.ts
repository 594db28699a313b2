import { jobResource, type Job } from '../../../domain/schemas/job';
import type { JobRow } from '../db/tables';
import type { ResourceDefinition } from '../engine/resourceDefinition';

/** The queue's jobs as a resource (read by administrators; retried by jobRetryRoutes): the declaration alone. */
export const jobDefinition: ResourceDefinition<JobRow, Job> = { descriptor: jobResource };
