// @meetflow/plugin-crm-salesforce: the Salesforce CRM (REST API over plain fetch).
import { definePlugin } from '@meetflow/plugin-sdk';
import { manifest } from './manifest.ts';
import { salesforceActivities } from './salesforce.ts';

/** The Salesforce CRM plugin (id "crm-salesforce"), as the platform installs it. */
export const salesforceCrm = definePlugin(manifest, (deps) => {
  const salesforce = salesforceActivities(deps);
  return {
    upsertCompanies: ({ account, companies }) => salesforce.upsertCompanies(account, companies),
    upsertContacts: ({ account, contacts }) => salesforce.upsertContacts(account, contacts),
    logActivity: ({ account, activity }) => salesforce.logActivity(account, activity),
    listExclusions: ({ account, cursor }) => salesforce.listExclusions(account, cursor),
  };
});

export { manifest as salesforceManifest, salesforceAccountSchema, type SalesforceAccount, type SalesforceConfig } from './manifest.ts';
