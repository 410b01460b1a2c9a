import { boundToRecord, whyUnopenable, type SealedSecret, type SecretsBox } from '../../../core/secrets-box.ts';

type Owner = { workspaceId: string; publicId: string };

/** What a CRM connection's secret is sealed bound to: its workspace and id, so it opens for no other connection. */
const boundTo = (owner: Owner) => boundToRecord('crm-secret', owner);

/** A stored secret that cannot be used: sealed under another key, for another connection, or damaged. */
export class CrmSecretUnusable extends Error {
  override name = 'CrmSecretUnusable';
}

/** Seals a connection's secret fields (an API token, OAuth tokens) as one JSON object bound to it. */
export function sealCrmSecret(box: SecretsBox, owner: Owner, secret: Record<string, unknown>): SealedSecret {
  return box.seal(JSON.stringify(secret), boundTo(owner));
}

/** Opens a connection's secret fields, or throws {@link CrmSecretUnusable} saying to connect it again. */
export function openCrmSecret(box: SecretsBox, owner: Owner & { secret: SealedSecret }): Record<string, unknown> {
  try {
    return JSON.parse(box.open(owner.secret, boundTo(owner))) as Record<string, unknown>;
  } catch (error) {
    throw new CrmSecretUnusable(`The CRM's token ${whyUnopenable(error)}: disconnect it and connect it again.`);
  }
}
