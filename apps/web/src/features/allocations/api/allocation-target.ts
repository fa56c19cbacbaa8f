/** Whom an allocation or a revocation is for: a child user or one of the caller's shared pools. */
export type AllocationTarget = { id: string; name: string; isUser: boolean };
