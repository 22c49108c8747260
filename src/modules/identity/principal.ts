export type Role = 'owner' | 'admin' | 'member';

/** Who a request acts as: one user inside the one organization the API key is bound to. */
export interface Principal {
  readonly apiKeyId: string;
  readonly userId: string;
  readonly email: string;
  /** A platform administrator: may create public document types and codes without the organization prefix. */
  readonly isPlatformAdmin: boolean;
  readonly organizationId: string;
  readonly organizationSlug: string;
  readonly organizationName: string;
  readonly role: Role;
}

export function canManage(principal: Principal): boolean {
  return principal.role === 'owner' || principal.role === 'admin';
}
