// A key as the rest of the service sees it once authenticated.
export interface AuthenticatedKey {
  id: string;
  keyId: string;
  label: string;
  isAdmin: boolean;
  characterLimit: bigint | null;
}
