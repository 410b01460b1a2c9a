// @meetflow/plugin-crm-hubspot: the HubSpot CRM (CRM v3 objects over plain fetch).
import { definePlugin } from '@meetflow/plugin-sdk';
import { hubSpotActivities } from './hubspot.ts';
import { manifest } from './manifest.ts';

/** The HubSpot CRM plugin (id "crm-hubspot"), as the platform installs it. */
export const hubSpotCrm = definePlugin(manifest, (deps) => {
  const hubspot = hubSpotActivities(deps);
  return {
    upsertCompanies: ({ account, companies }) => hubspot.upsertCompanies(account, companies),
    upsertContacts: ({ account, contacts }) => hubspot.upsertContacts(account, contacts),
    logActivity: ({ account, activity }) => hubspot.logActivity(account, activity),
    listExclusions: ({ account, cursor }) => hubspot.listExclusions(account, cursor),
  };
});

export { manifest as hubSpotManifest, hubSpotAccountSchema, type HubSpotAccount, type HubSpotConfig } from './manifest.ts';
