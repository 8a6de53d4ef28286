import type { UserSummary } from '@chirp/contracts';

/** "First Last", as every list and heading shows a person. */
export function fullName(user: Pick<UserSummary, 'firstName' | 'lastName'>): string {
  return `${user.firstName} ${user.lastName}`.trim();
}
