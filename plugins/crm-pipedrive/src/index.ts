// @meetflow/plugin-crm-pipedrive: the Pipedrive CRM (API v2 over plain fetch).
import { definePlugin } from '@meetflow/plugin-sdk';
import { manifest } from './manifest.ts';
import { pipedriveActivities } from './pipedrive.ts';

/** The Pipedrive CRM plugin (id "crm-pipedrive"), as the platform installs it. */
export const pipedriveCrm = definePlugin(manifest, (deps) => {
  const pipedrive = pipedriveActivities(deps);
  return {
    upsertCompanies: ({ account, companies }) => pipedrive.upsertCompanies(account, companies),
    upsertContacts: ({ account, contacts }) => pipedrive.upsertContacts(account, contacts),
    logActivity: ({ account, activity }) => pipedrive.logActivity(account, activity),
    listExclusions: ({ account, cursor }) => pipedrive.listExclusions(account, cursor),
  };
});

export { manifest as pipedriveManifest, pipedriveAccountSchema, type PipedriveAccount, type PipedriveConfig } from './manifest.ts';
