import { createTRPCRouter } from "../../trpc";
import { cancelInvitation } from "./cancel-invitation";
import { changeMemberRole } from "./change-member-role";
import { inviteMember } from "./invite-member";
import { listInvitations } from "./list-invitations";
import { listMembers } from "./list-members";
import { removeMember } from "./remove-member";

export const membersRouter = createTRPCRouter({
  list: listMembers,
  invite: inviteMember,
  changeRole: changeMemberRole,
  remove: removeMember,
  listInvitations,
  cancelInvitation,
});
