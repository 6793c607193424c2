const rank = { viewer: 0, member: 1, admin: 2, owner: 3 } as const;

export const atLeast = (role: keyof typeof rank, minimum: keyof typeof rank) =>
  rank[role] >= rank[minimum];
