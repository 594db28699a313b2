import type { PassImportJob, PassImportReport } from '../../domain/schemas/passImport';
import type { Static } from '@sinclair/typebox';
import type { AuditList, AuditQuery } from '../../domain/schemas/audit';
import type { ApiClientProjects } from '../../domain/schemas/apiClient';
import type { Certificate, CertificateRenewal, ExpiringCertificate } from '../../domain/schemas/certificate';
import type { Job } from '../../domain/schemas/job';
import type { Webhook, WebhookDelivery } from '../../domain/schemas/webhook';
import type { ProjectRightsAnswerSchema } from '../../domain/schemas/project';
import type { PushCampaign } from '../../domain/schemas/pushCampaign';
import type { PushResult } from '../../domain/schemas/pushResult';
import type {
  ActivityReport,
  LinksReport,
  ReportQuery,
  ReportType,
  RowsReport,
  StampsReport,
  TaggedReport,
  ReportTemplates,
} from '../../domain/schemas/report';
import type { User } from '../../domain/schemas/user';
import { createDataProvider, type ApiDataProvider } from './createDataProvider';
import { errorStatus, type HttpClient } from './httpClient';
import { coreResources } from './resourceRegistry';
import { createStampCalls, type StampCalls } from './stampCalls';

/** The core API: generic resources plus the few calls that are not CRUD. */
export interface CoreDataProvider extends ApiDataProvider, StampCalls {
  /** GET {core}/v1/user/byEmail/{email}; null when no such user (404). */
  getUserByEmail: (email: string) => Promise<User | null>;
  /** POST {core}/v1/project/{projectId}/user/{userId}/rights; null removes the user from the project. */
  setProjectUserRights: (
    projectId: string,
    userId: string,
    accessRights: number | null,
  ) => Promise<number | null>;
  /** GET {core}/v1/apiClient/{id}/projects: the client's rights per project (client_credentials). */
  getApiClientProjects: (apiClientId: string) => Promise<Record<string, number>>;
  /** POST {core}/v1/apiClient/{id}/project/{projectId}/rights; null takes the client off the project. */
  setApiClientProjectRights: (
    apiClientId: string,
    projectId: string,
    accessRights: number | null,
  ) => Promise<number | null>;
  /** POST {core}/v1/user/me/changePassword. */
  changeOwnPassword: (currentPassword: string, newPassword: string) => Promise<void>;
  /**
   * GET {core}/v1/template/{id}/push: the wallets holding the template's passes are told to check for updates (a
   * push campaign; complete: false while it goes on).
   */
  pushTemplate: (templateId: string) => Promise<TemplatePushSummary>;
  /** POST {core}/v1/pushCampaign/{id}/cancel: a running push campaign sends no more. */
  cancelPushCampaign: (campaignId: string) => Promise<PushCampaign>;
  /** GET {core}/v1/pass/{id}/savetogooglepay: the pass's signed 'Save to Google Wallet' JWT and link. */
  getSaveToGooglePayLink: (passId: string) => Promise<{ jwt: string; url: string }>;
  /** GET {core}/v1/template/{id}/savetogooglepay: the updates of the template passes' Google Wallet objects queued. */
  updateGooglePayObjects: (templateId: string) => Promise<GooglePayUpdateSummary>;
  /** GET {core}/v1/certificate/{id}/csr: the certificate request to send to Apple, as PEM text. */
  getCertificateRequest: (id: string) => Promise<string>;
  /**
   * POST {core}/v1/certificate/{id}/upload (multipart, field file): the certificate Apple issued for the request,
   * or a .p12 with its key, opened with `password`.
   */
  uploadCertificate: (id: string, file: File, password?: string) => Promise<Certificate>;
  /** POST {core}/v1/certificate/{id}/renew (multipart, field file): the templates moved and the devices pushed. */
  renewCertificate: (id: string, file: File) => Promise<CertificateRenewal>;
  /** GET {core}/v1/certificate/expiring: the viewer's certificates that expire within 30 days or have expired. */
  getExpiringCertificates: () => Promise<ExpiringCertificate[]>;
  /** POST {core}/v1/pass/import?templateId&dryRun=true (multipart, field file): the report of a CSV, nothing written. */
  checkPassImport: (templateId: string, file: File) => Promise<PassImportReport>;
  /** POST {core}/v1/pass/import?templateId (multipart, field file): the job that imports the CSV. */
  startPassImport: (templateId: string, file: File) => Promise<{ jobId: string }>;
  /** GET {core}/v1/pass/import/{jobId}: an import's progress. */
  getPassImport: (jobId: string) => Promise<PassImportJob>;
  /** GET {core}/v1/pass/import/{jobId}/result.csv: each row's pass and link, or its error. */
  getPassImportResult: (jobId: string) => Promise<string>;
  /** GET {core}/v1/{pass|template}/{id}/preflight: what would stop Apple Wallet signing (errors) or show badly. */
  preflight: (resource: 'pass' | 'template', id: string) => Promise<WalletPreflight>;
  /** GET {core}/v1/pass/{id}/pushResults (admins): the newest pushes of the pass and what APNs answered. */
  getPushResults: (passId: string) => Promise<PushResult[]>;
  /** GET {core}/v1/report/{serviceType}?where&from&to&interval&utcOffset: one report's answer (spec section 7). */
  getReport: <Type extends ReportType>(type: Type, query: ReportQuery) => Promise<ReportAnswers[Type]>;
  /**
   * GET {core}/v1/report/templates?projectId: the templates of the project's passes (id, name), which its reports
   * can be filtered by; readers of passes get them without the right to read templates.
   */
  getReportTemplates: (projectId: string) => Promise<ReportTemplates['data']>;
  /** GET {core}/v1/audit (admins): the audit trail across resources, newest first. */
  getAudit: (query: AuditQuery) => Promise<AuditList>;
  /** POST {core}/v1/job/{id}/retry (admins): a failed background job runs again. */
  retryJob: (jobId: string) => Promise<Job>;
  /** POST {core}/v1/webhook/{id}/test: a webhook.test event queued to this endpoint only; its delivery. */
  sendTestEvent: (webhookId: string) => Promise<WebhookDelivery>;
  /** POST {core}/v1/webhook/{id}/rollSecret: a new secret (answered once); the previous one signs 24 h more. */
  rollWebhookSecret: (webhookId: string) => Promise<Webhook>;
  /** POST {core}/v1/webhookDelivery/{id}/redeliver: a delivered or failed delivery sent again, same event. */
  redeliver: (deliveryId: string) => Promise<WebhookDelivery>;
  /**
   * POST {core}/v1/demo (admins): the project "Demo" with its templates, a year of sample passes and, with the ticket
   * e-shop, an e-shop with products and a paid order. Takes seconds; 409 while another one is being made.
   */
  createDemo: () => Promise<DemoAnswer>;
}

/** What a template's push answered: its campaign's counters so far (all of them when complete). */
export interface TemplatePushSummary {
  passes: number;
  devices: number;
  sent: number;
  failed: number;
  complete: boolean;
  campaignId: string;
}

/** What making the demo project made (201 of POST /v1/demo). */
export interface DemoAnswer {
  projectId: string;
  templates: Array<{ id: string; name: string }>;
  passes: number;
  events: number;
  eshopId?: string;
}

/** The answer of each report service type (domain/schemas/report.ts). */
export interface ReportAnswers {
  register_in_wallet: RowsReport;
  at_least_once_register_in_wallet: RowsReport;
  preview: TaggedReport;
  download: TaggedReport;
  activity: ActivityReport;
  links: LinksReport;
  stamps: StampsReport;
}

/** A pre-flight answer: problems by path, in words a designer understands. */
export interface WalletPreflight {
  errors: Array<{ path: string; message: string }>;
  warnings: Array<{ path: string; message: string }>;
  /** signed with a development certificate only: it downloads, iPhones do not accept it */
  developmentSigned?: boolean;
}

/** What asking to update a template's Google Wallet objects queued (the background jobs do the updates). */
export interface GooglePayUpdateSummary {
  /** live passes of the template: an update of its Google Wallet object is queued for each */
  passes: number;
  /** the job that queues the updates (Background jobs) */
  jobId?: string;
}

/**
 * @example const dataProvider = createCoreDataProvider(config.coreApi, httpClient);
 */
export function createCoreDataProvider(coreApi: string, httpClient: HttpClient): CoreDataProvider {
  const certificateUrl = (id: string) => `${coreApi}/v1/certificate/${encodeURIComponent(id)}`;
  return {
    ...createDataProvider(coreApi, httpClient, coreResources),
    ...createStampCalls(coreApi, httpClient),

    async getAudit(query) {
      const search = new URLSearchParams();
      for (const [name, value] of Object.entries(query))
        if (value !== undefined) search.set(name, String(value));
      const { json } = await httpClient(`${coreApi}/v1/audit?${search}`);
      return json as AuditList;
    },

    async getUserByEmail(email) {
      try {
        const { json } = await httpClient(`${coreApi}/v1/user/byEmail/${encodeURIComponent(email.trim())}`);
        return json as User;
      } catch (error) {
        if (errorStatus(error) === 404) return null;
        throw error;
      }
    },

    async setProjectUserRights(projectId, userId, accessRights) {
      const url = `${coreApi}/v1/project/${encodeURIComponent(projectId)}/user/${encodeURIComponent(userId)}/rights`;
      const { json } = await httpClient(url, { method: 'POST', body: JSON.stringify({ accessRights }) });
      return (json as Static<typeof ProjectRightsAnswerSchema>).accessRights;
    },

    async getApiClientProjects(apiClientId) {
      const { json } = await httpClient(
        `${coreApi}/v1/apiClient/${encodeURIComponent(apiClientId)}/projects`,
      );
      return (json as ApiClientProjects).projects;
    },

    async setApiClientProjectRights(apiClientId, projectId, accessRights) {
      const url = `${coreApi}/v1/apiClient/${encodeURIComponent(apiClientId)}/project/${encodeURIComponent(projectId)}/rights`;
      const { json } = await httpClient(url, { method: 'POST', body: JSON.stringify({ accessRights }) });
      return (json as Static<typeof ProjectRightsAnswerSchema>).accessRights;
    },

    async changeOwnPassword(currentPassword, newPassword) {
      await httpClient(`${coreApi}/v1/user/me/changePassword`, {
        method: 'POST',
        body: JSON.stringify({ currentPassword, newPassword }),
      });
    },

    async pushTemplate(templateId) {
      const { json } = await httpClient(`${coreApi}/v1/template/${encodeURIComponent(templateId)}/push`);
      return json as TemplatePushSummary;
    },

    async cancelPushCampaign(campaignId) {
      const { json } = await httpClient(
        `${coreApi}/v1/pushCampaign/${encodeURIComponent(campaignId)}/cancel`,
        { method: 'POST' },
      );
      return json as PushCampaign;
    },

    async getSaveToGooglePayLink(passId) {
      const { json } = await httpClient(`${coreApi}/v1/pass/${encodeURIComponent(passId)}/savetogooglepay`);
      return json as { jwt: string; url: string };
    },

    async updateGooglePayObjects(templateId) {
      const { json } = await httpClient(
        `${coreApi}/v1/template/${encodeURIComponent(templateId)}/savetogooglepay`,
      );
      return json as GooglePayUpdateSummary;
    },

    async getCertificateRequest(id) {
      // PEM text, not JSON
      const { body } = await httpClient(`${certificateUrl(id)}/csr`);
      return body;
    },

    async uploadCertificate(id, file, password) {
      const body = new FormData();
      if (password) body.append('password', password);
      body.append('file', file, file.name);
      const { json } = await httpClient(`${certificateUrl(id)}/upload`, { method: 'POST', body });
      return json as Certificate;
    },

    async renewCertificate(id, file) {
      const body = new FormData();
      body.append('file', file, file.name);
      const { json } = await httpClient(`${certificateUrl(id)}/renew`, { method: 'POST', body });
      return json as CertificateRenewal;
    },

    async getExpiringCertificates() {
      const { json } = await httpClient(`${coreApi}/v1/certificate/expiring`);
      return (json as { items: ExpiringCertificate[] }).items;
    },

    async checkPassImport(templateId, file) {
      const body = new FormData();
      body.append('file', file, file.name);
      const query = `templateId=${encodeURIComponent(templateId)}&dryRun=true`;
      const { json } = await httpClient(`${coreApi}/v1/pass/import?${query}`, { method: 'POST', body });
      return json as PassImportReport;
    },

    async startPassImport(templateId, file) {
      const body = new FormData();
      body.append('file', file, file.name);
      const query = `templateId=${encodeURIComponent(templateId)}`;
      const { json } = await httpClient(`${coreApi}/v1/pass/import?${query}`, { method: 'POST', body });
      return json as { jobId: string };
    },

    async getPassImport(jobId) {
      const { json } = await httpClient(`${coreApi}/v1/pass/import/${encodeURIComponent(jobId)}`);
      return json as PassImportJob;
    },

    async getPassImportResult(jobId) {
      // CSV text, not JSON
      const { body } = await httpClient(`${coreApi}/v1/pass/import/${encodeURIComponent(jobId)}/result.csv`);
      return body;
    },

    async preflight(resource, id) {
      const { json } = await httpClient(`${coreApi}/v1/${resource}/${encodeURIComponent(id)}/preflight`);
      return json as WalletPreflight;
    },

    async sendTestEvent(webhookId) {
      const { json } = await httpClient(`${coreApi}/v1/webhook/${encodeURIComponent(webhookId)}/test`, {
        method: 'POST',
      });
      return json as WebhookDelivery;
    },

    async rollWebhookSecret(webhookId) {
      const { json } = await httpClient(`${coreApi}/v1/webhook/${encodeURIComponent(webhookId)}/rollSecret`, {
        method: 'POST',
        body: '{}',
      });
      return json as Webhook;
    },

    async redeliver(deliveryId) {
      const { json } = await httpClient(
        `${coreApi}/v1/webhookDelivery/${encodeURIComponent(deliveryId)}/redeliver`,
        { method: 'POST' },
      );
      return json as WebhookDelivery;
    },

    async retryJob(jobId) {
      const { json } = await httpClient(`${coreApi}/v1/job/${encodeURIComponent(jobId)}/retry`, {
        method: 'POST',
      });
      return json as Job;
    },

    async createDemo() {
      const { json } = await httpClient(`${coreApi}/v1/demo`, { method: 'POST', body: JSON.stringify({}) });
      return json as DemoAnswer;
    },

    async getPushResults(passId) {
      const { json } = await httpClient(`${coreApi}/v1/pass/${encodeURIComponent(passId)}/pushResults`);
      return json as PushResult[];
    },

    async getReport<Type extends ReportType>(type: Type, query: ReportQuery) {
      const search = new URLSearchParams();
      for (const [name, value] of Object.entries(query)) {
        if (value !== undefined) search.set(name, String(value));
      }
      const { json } = await httpClient(`${coreApi}/v1/report/${encodeURIComponent(type)}?${search}`);
      return json as ReportAnswers[Type];
    },

    async getReportTemplates(projectId) {
      const search = new URLSearchParams({ projectId });
      const { json } = await httpClient(`${coreApi}/v1/report/templates?${search}`);
      return (json as ReportTemplates).data;
    },
  };
}
