/** Business team membership, read by the ledger (business credits never expire). */
import { eq } from 'drizzle-orm';

import { teamMembers } from '@/features/business/server/api';
import type { Transaction } from '@/server/db/client';

/** Whether the user is a member of a business team. */
export async function isTeamMember(tx: Transaction, userId: number): Promise<boolean> {
  const [member] = await tx
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(eq(teamMembers.userId, userId));
  return Boolean(member);
}

